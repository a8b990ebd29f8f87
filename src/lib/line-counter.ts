/**
 * The 1-based line and column of each offset asked for, offsets asked for in increasing order: one pass over the
 * text however many places are asked for.
 */
export function lineCounter(text: string): (offset: number) => { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  return (offset) => {
    for (; counted < offset; counted++)
      if (text.charCodeAt(counted) === 10) {
        line++;
        lineStart = counted + 1;
      }
    return { line, column: offset - lineStart + 1 };
  };
}
