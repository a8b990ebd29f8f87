// How every served documentation page looks. The colours are the studio's own (assets/theme.css, read as text),
// so the docs and the studio are one product; the rest is the docs' layout: a sidebar beside the page on a wide
// screen, above it on a phone.
import THEME from "../../assets/theme.css";

const LAYOUT = `
*{box-sizing:border-box}html{scroll-padding-top:1rem}
body{margin:0;font:15px/1.6 Inter,system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}a:hover{color:var(--accent-ink)}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr);min-height:100vh}
.sidebar{position:sticky;top:0;height:100vh;overflow:auto;padding:1rem 1rem 2rem;background:var(--panel);
border-right:1px solid var(--line)}
.sidebar .brand{display:flex;align-items:center;gap:.5rem;font-weight:600;font-size:1.05rem;color:var(--ink);
padding:0;margin-bottom:.8rem}.sidebar .brand:hover{background:none}.brand span{color:var(--muted);font-weight:500}
.search{display:flex;gap:.3rem;margin-bottom:1rem}
.search input{flex:1;min-width:0;font:inherit;font-size:.9rem;padding:.4rem .6rem;border:1px solid var(--line);
border-radius:var(--radius);background:var(--bg);color:var(--ink)}
.search input:focus{outline:2px solid var(--accent-soft);border-color:var(--accent)}
.search button{font:inherit;font-size:.85rem;padding:.35rem .7rem;border:1px solid var(--accent);
border-radius:var(--radius);background:var(--accent);color:#fff;cursor:pointer}
.sidebar ul{list-style:none;margin:0;padding:0}.sidebar li{margin:.1rem 0}
.sidebar a{display:block;padding:.15rem .5rem;border-radius:6px;color:var(--ink-2);text-decoration:none;
font-size:.9rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.sidebar a:hover{background:var(--accent-soft);color:var(--accent-ink)}
.sidebar .pages>li>a{font-weight:600;color:var(--ink)}.sidebar .pages>li>a.current{background:var(--accent-soft);
color:var(--accent-ink)}
.sidebar .toc{margin:.2rem 0 .6rem .6rem;border-left:1px solid var(--line);padding-left:.3rem}
.sidebar .toc .toc{margin:0 0 .2rem .5rem}.sidebar .toc a{font-weight:400;font-size:.85rem}
.sidebar summary{cursor:pointer;list-style:none;display:flex;align-items:center}
.sidebar summary::-webkit-details-marker{display:none}.sidebar summary a{flex:1;min-width:0}
.sidebar summary::after{content:"›";color:var(--faint);padding:0 .4rem;transition:transform .15s}
.sidebar details[open]>summary::after{transform:rotate(90deg)}
.sidebar .menu>summary{font-weight:600;padding:.3rem .5rem;color:var(--ink-2)}
main{min-width:0;max-width:62rem;padding:1.5rem 2.5rem 5rem}
h1{font-size:1.8rem;margin:.5rem 0 1rem}
h2{margin-top:2.5rem;padding-top:1rem;border-top:1px solid var(--line)}h3{margin-top:2rem}
code,pre{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}
code{background:var(--accent-soft);color:var(--ink);border-radius:4px;padding:.1rem .3rem;overflow-wrap:break-word}
pre{background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);padding:.9rem 1rem;
overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}
pre code{background:none;padding:0}h1 code,h2 code,h3 code{font-size:.85em}
table{border-collapse:collapse;width:100%;margin:.6rem 0 1rem;background:var(--panel);font-size:.92rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid var(--line-2)}
th{font-weight:600;color:var(--muted)}td pre{margin:0}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-size:.8rem;color:#fff;border-radius:4px;
padding:.15rem .4rem;text-align:center;margin-right:.5rem}
.get{background:var(--ok)}.post{background:var(--accent)}.delete{background:var(--error)}.patch{background:var(--warn)}
.muted{color:var(--muted)}.toc-list{columns:2;padding-left:1.2rem}
.example pre{white-space:pre;overflow-wrap:normal;max-height:24rem;margin:0 0 .6rem}
.example summary{cursor:pointer;color:var(--muted);font-size:.8rem;font-weight:600;text-transform:uppercase;
letter-spacing:.04em;margin:.2rem 0 .4rem}
.example h5{margin:.4rem 0 .3rem;color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.04em}
.result{padding:.6rem 0;border-bottom:1px solid var(--line-2)}.result p{margin:.2rem 0}
mark{background:var(--warn-soft);color:inherit}
.menu{display:none}
@media (max-width:860px){
.layout{display:block}
.sidebar{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line);padding:.8rem 1rem}
.sidebar .toc-wide{display:none}.menu{display:block}
.sidebar .pages{display:flex;flex-wrap:wrap;gap:.2rem .6rem}
main{padding:1rem 1rem 4rem}.toc-list{columns:1}th,td{padding:.35rem .4rem}
table{display:block;overflow-x:auto}
}
`;

export const STYLE = `${THEME}${LAYOUT}`;
