declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.woff" {
  const data: ArrayBuffer;
  export default data;
}
declare module "*.svg" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const text: string;
  export default text;
}
declare module "*.xml.liquid" {
  const text: string;
  export default text;
}
