/**
 * The pages' stylesheet and script, served by foodbase itself (no CDN) under names holding a hash of
 * their content, so they are cached for a year and a new version has a new name.
 */
import { createHash } from "node:crypto";

const CSS = `
:root{--fg:#1a1a1a;--muted:#4d4d4d;--bg:#fff;--accent:#0b5394;--line:#c8c8c8;--soft:#f3f5f7}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:var(--fg);background:var(--bg)}
body{margin:0}
a{color:var(--accent)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header.site{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;padding:.75rem 1rem;background:var(--soft);border-bottom:1px solid var(--line)}
header.site .brand{font-weight:700;font-size:1.25rem;text-decoration:none;color:var(--fg)}
header.site form{flex:1 1 16rem;display:flex;gap:.5rem}
header.site nav{margin-left:auto}
header.site nav a{margin-left:.5rem}
input[type=search],input[type=text],input[type=number],select{font:inherit;padding:.45rem .6rem;border:1px solid #767676;border-radius:4px;min-width:0}
input[type=search]{flex:1}
button{font:inherit;padding:.45rem .9rem;border:1px solid var(--accent);background:var(--accent);color:#fff;border-radius:4px;cursor:pointer}
main{max-width:72rem;margin:0 auto;padding:1rem}
footer.site{max-width:72rem;margin:2rem auto 1rem;padding:0 1rem;color:var(--muted);font-size:.9rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.home-search{display:flex;gap:.5rem;max-width:40rem;margin:1rem 0}
.home-search input{flex:1;font-size:1.1rem}
ul.tiles{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.5rem}
ul.tiles a{display:block;padding:.6rem .8rem;border:1px solid var(--line);border-radius:6px;text-decoration:none}
ul.tiles .count{display:block;color:var(--muted);font-size:.9rem}
.search-layout{display:grid;grid-template-columns:16rem 1fr;gap:1.5rem}
@media (max-width:48rem){.search-layout{grid-template-columns:1fr}.search-layout aside{order:2}}
aside details{border-bottom:1px solid var(--line);padding:.4rem 0}
aside summary{font-weight:600;cursor:pointer}
aside ul{list-style:none;padding:0;margin:.3rem 0}
aside li{display:flex;justify-content:space-between;gap:.5rem}
aside .count{color:var(--muted)}
.filters{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0}
.filters a{display:inline-block;padding:.2rem .6rem;border:1px solid var(--accent);border-radius:1rem;text-decoration:none}
.toolbar{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between}
ul.results{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.75rem}
ul.results li{border:1px solid var(--line);border-radius:6px;padding:.5rem;display:flex;flex-direction:column;gap:.3rem}
ul.results a{text-decoration:none}
ul.results .name{font-weight:600;text-decoration:underline}
ul.results .brand{color:var(--muted);font-size:.9rem}
.thumb{width:100%;height:8rem;object-fit:contain;background:var(--soft)}
.thumb.none{display:flex;align-items:center;justify-content:center;color:var(--muted);font-size:.9rem}
.ns{display:inline-block;font-weight:700;border-radius:4px;padding:.1rem .5rem;border:1px solid #555;color:#000;background:#e0e0e0}
.ns-a{background:#038141;color:#fff}.ns-b{background:#85bb2f}.ns-c{background:#fecb02}.ns-d{background:#ee8100}.ns-e{background:#e63e11}
.ns.big{font-size:1.5rem;padding:.3rem .9rem}
nav.pages{display:flex;gap:1rem;align-items:center;margin:1rem 0}
.product-head{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:1.5rem}
@media (max-width:48rem){.product-head{grid-template-columns:1fr}}
.photos{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.photos figure{margin:0;text-align:center;font-size:.9rem}
.photos img{max-width:10rem;max-height:10rem;border:1px solid var(--line)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
table{border-collapse:collapse;margin:.5rem 0;max-width:100%}
th,td{border:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:top}
td.num,th.num{text-align:right}
.table-wrap{overflow-x:auto}
ul.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}
ul.tags a{display:inline-block;padding:.1rem .5rem;border:1px solid var(--line);border-radius:1rem}
ul.analysis li{padding:.1rem .6rem;border-radius:1rem;background:var(--soft);border:1px solid var(--line)}
.notice{background:#fff4ce;border:1px solid #8a6d00;padding:.5rem .8rem;border-radius:4px}
.error{background:#fde7e9;border:1px solid #a4262c;padding:.5rem .8rem;border-radius:4px}
form.stacked{max-width:40rem}
form.stacked label{display:block;font-weight:600}
form.stacked input[type=text],form.stacked input[type=password],form.stacked textarea{width:100%;font:inherit;padding:.45rem .6rem;border:1px solid #767676;border-radius:4px}
form.stacked [aria-invalid=true]{border:2px solid #a4262c}
form.stacked fieldset{border:1px solid var(--line);border-radius:6px;margin:1rem 0}
.nutrition-inputs input{width:7rem;font:inherit;padding:.3rem .4rem;border:1px solid #767676;border-radius:4px}
.nutrition-inputs td,.nutrition-inputs th{vertical-align:middle}
.hint{display:block;color:var(--muted);font-size:.9rem}
.field-error{color:#a4262c;font-weight:600;margin:.2rem 0}
header.site .account{display:flex;gap:.5rem;align-items:center}
header.site .account button{padding:.2rem .6rem}
.lang a[aria-current]{font-weight:700;text-decoration:none;color:var(--fg)}
button.secondary{background:#fff;color:var(--accent)}
ul.uploaded-photos{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr));gap:1rem}
ul.uploaded-photos>li{border:1px solid var(--line);border-radius:6px;padding:.75rem}
ul.uploaded-photos h3{margin:0 0 .5rem}
.crop-area{position:relative;margin:0}
.crop-area img{display:block;max-width:100%;height:auto;border:1px solid var(--line)}
.crop-area figcaption{color:var(--muted);font-size:.9rem}
.crop-enabled img{cursor:crosshair;touch-action:none}
.crop-box{position:absolute;border:2px dashed #b45309;background:rgba(180,83,9,.15);pointer-events:none}
.crop-inputs{display:grid;grid-template-columns:repeat(auto-fill,minmax(7rem,1fr));gap:0 1rem}
.crop-inputs input{width:100%}
.photos form{text-align:center;margin:.3rem 0}
`;

/** Progressive enhancement only: every page works without it. */
const JS = `
"use strict";
document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
  select.addEventListener("change", function () { if (select.form) select.form.submit(); });
});
// Taxonomy suggestions (GET /api/v3/taxonomy_suggestions) for the last comma-separated item being typed,
// in a native datalist.
document.querySelectorAll("input[data-suggest]").forEach(function (input) {
  var list = document.createElement("datalist");
  list.id = input.id + "-suggestions";
  input.after(list);
  input.setAttribute("list", list.id);
  input.setAttribute("autocomplete", "off");
  var timer;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var parts = input.value.split(",");
      var last = parts.pop().trim();
      var head = parts.map(function (p) { return p.trim(); }).filter(Boolean);
      if (last.length < 2) { list.replaceChildren(); return; }
      fetch("/api/v3/taxonomy_suggestions?limit=10&tagtype=" + input.dataset.suggest + "&string=" +
        encodeURIComponent(last) + "&lc=" + document.documentElement.lang)
        .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
        .then(function (body) {
          list.replaceChildren.apply(list, body.suggestions.map(function (name) {
            var option = document.createElement("option");
            option.value = head.concat([name]).join(", ");
            return option;
          }));
        });
    }, 150);
  });
});
// Photos page: a rectangle drawn on a photo fills its crop fields, in pixels of the picture after the
// chosen clockwise rotation (the x1, y1, x2, y2 the selection form sends).
document.querySelectorAll("img[data-crop-form]").forEach(function (img) {
  var form = document.getElementById(img.dataset.cropForm);
  var area = img.closest(".crop-area");
  if (!form || !area) return;
  var width = Number(img.dataset.fullWidth);
  var height = Number(img.dataset.fullHeight);
  var field = function (name) { return form.querySelector('[data-crop="' + name + '"]'); };
  var box = document.createElement("div");
  box.className = "crop-box";
  box.hidden = true;
  area.appendChild(box);
  area.classList.add("crop-enabled");
  img.draggable = false;
  var start = null;
  var drawn = null;
  var dragged = false;
  function point(e) {
    var r = img.getBoundingClientRect();
    return {
      x: (Math.min(Math.max(e.clientX - r.left, 0), r.width) * width) / r.width,
      y: (Math.min(Math.max(e.clientY - r.top, 0), r.height) * height) / r.height,
    };
  }
  function rectangle(a, b) {
    return {
      x1: Math.round(Math.min(a.x, b.x)), y1: Math.round(Math.min(a.y, b.y)),
      x2: Math.round(Math.max(a.x, b.x)), y2: Math.round(Math.max(a.y, b.y)),
    };
  }
  function show(c) {
    var sx = img.clientWidth / width;
    var sy = img.clientHeight / height;
    box.hidden = false;
    box.style.left = img.offsetLeft + img.clientLeft + c.x1 * sx + "px";
    box.style.top = img.offsetTop + img.clientTop + c.y1 * sy + "px";
    box.style.width = (c.x2 - c.x1) * sx + "px";
    box.style.height = (c.y2 - c.y1) * sy + "px";
  }
  function fill() {
    if (!drawn) return;
    var c = drawn;
    var angle = Number(field("angle").value);
    var corners =
      angle === 90 ? [height - c.y2, c.x1, height - c.y1, c.x2]
      : angle === 180 ? [width - c.x2, height - c.y2, width - c.x1, height - c.y1]
      : angle === 270 ? [c.y1, width - c.x2, c.y2, width - c.x1]
      : [c.x1, c.y1, c.x2, c.y2];
    ["x1", "y1", "x2", "y2"].forEach(function (name, i) { field(name).value = String(corners[i]); });
  }
  img.addEventListener("pointerdown", function (e) {
    if (e.button !== 0) return;
    e.preventDefault();
    img.setPointerCapture(e.pointerId);
    start = point(e);
    dragged = false;
  });
  img.addEventListener("pointermove", function (e) {
    if (!start) return;
    var p = point(e);
    var c = rectangle(start, p);
    if (c.x2 - c.x1 > 1 && c.y2 - c.y1 > 1) dragged = true;
    if (dragged) show(c);
  });
  img.addEventListener("pointerup", function (e) {
    if (!start) return;
    if (dragged) {
      drawn = rectangle(start, point(e));
      show(drawn);
      fill();
    }
    start = null;
  });
  // A drawn rectangle is not a click on the link to the full-size photo.
  img.addEventListener("click", function (e) {
    if (dragged) e.preventDefault();
    dragged = false;
  });
  field("angle").addEventListener("change", fill);
  window.addEventListener("resize", function () { if (drawn) show(drawn); });
});
`;

export interface Asset {
  /** Path the pages link to, e.g. `/assets/site.3f2a….css`. */
  path: string;
  body: string;
  type: string;
}

function asset(base: string, ext: string, body: string, type: string): Asset {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  return { path: `/assets/${base}.${hash}.${ext}`, body, type };
}

export const STYLESHEET = asset("site", "css", CSS.trim(), "text/css; charset=utf-8");
export const SCRIPT = asset("site", "js", JS.trim(), "text/javascript; charset=utf-8");
export const ASSETS: readonly Asset[] = [STYLESHEET, SCRIPT];
