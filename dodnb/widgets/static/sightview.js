// The line-of-sight explorer in the browser (dodnb/widgets/sightview.py, issue 36).
// A plain ES module run by anywidget: no build step, no network. It decides no rule: every verdict,
// reason, Case, distance, modifier and sentence is looked up in the data Python made
// (sightview.explorer_data); this file only finds the square under the mouse and draws.
// A hover is answered here, in the same frame; what needs the rules (a door, a piece, who shoots)
// is sent to the kernel, and without one the hovers still answer from the saved data.

const FONT = "Liberation Sans, Arial, Helvetica, sans-serif";

function bytes(b64) {
  const bin = atob(b64 || "");
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// sightview.pack: a zlib stream (base64) of [header length (Uint32), JSON header, typed arrays]
async function unpack(b64) {
  const stream = new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream("deflate"));
  const buf = await new Response(stream).arrayBuffer();
  const size = new DataView(buf).getUint32(0, true);
  const out = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, size)));
  const start = 4 + size;
  for (const [name, kind, offset, count] of out.arrays) {
    const part = buf.slice(start + offset, start + offset + count * (kind === "H" ? 2 : 1));
    out[name] = kind === "H" ? new Uint16Array(part) : new Uint8Array(part);
  }
  delete out.arrays;
  return out;
}

// The squares whose interior the line from the centre of square i to the centre of square j
// meets, in order from i (both ends included): sightview.squares_passed, the same arithmetic on the
// squares' rectangles in doubled grid units (whole numbers; the tests check it against the walker
// for every ordered pair).
function squaresPassed(grid, i, j) {
  const px = (grid[4 * i] + grid[4 * i + 2]) / 2, py = (grid[4 * i + 1] + grid[4 * i + 3]) / 2;
  const qx = (grid[4 * j] + grid[4 * j + 2]) / 2, qy = (grid[4 * j + 1] + grid[4 * j + 3]) / 2;
  const dx = qx - px, dy = qy - py;
  const hits = [];
  for (let k = 0; k < grid.length / 4; k++) {
    let lo = 0, hi = 1, inside = true;
    for (const [p, d, low, high] of [[px, dx, grid[4 * k], grid[4 * k + 2]], [py, dy, grid[4 * k + 1], grid[4 * k + 3]]]) {
      if (d === 0) inside = inside && low < p && p < high;
      else {
        const t0 = (low - p) / d, t1 = (high - p) / d;
        lo = Math.max(lo, Math.min(t0, t1)); hi = Math.min(hi, Math.max(t0, t1));
      }
    }
    if (inside && lo < hi) hits.push([lo, k]);
  }
  hits.sort((a, b) => a[0] - b[0]);
  return hits.map((h) => h[1]);
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function paint(ctx, shapes, narrow) {
  for (const s of shapes) {
    const k = s[0];
    if (k === "r") {
      const [, x, y, w, h, fill, stroke, width, alpha] = s;
      if (fill) { ctx.globalAlpha = alpha; ctx.fillStyle = fill; ctx.fillRect(x, y, w, h); ctx.globalAlpha = 1; }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.strokeRect(x, y, w, h); }
    } else if (k === "l") {
      const [, x0, y0, x1, y1, stroke, width, dash] = s;
      ctx.setLineDash(dash || []);
      ctx.lineCap = dash && dash.length ? "butt" : "square";
      ctx.strokeStyle = stroke; ctx.lineWidth = width;
      ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
      ctx.setLineDash([]);
    } else if (k === "c") {
      const [, cx, cy, r, fill, stroke, width, alpha] = s;
      ctx.beginPath(); ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      if (fill) { ctx.globalAlpha = alpha; ctx.fillStyle = fill; ctx.fill(); ctx.globalAlpha = 1; }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.stroke(); }
    } else if (k === "t") {
      const [, x, y, text, size, fill, anchor, baseline, bold, family, maxw] = s;
      ctx.font = `${bold ? "bold " : ""}${size}px ${family === "narrow" ? narrow : FONT}`;
      ctx.fillStyle = fill;
      ctx.textAlign = anchor === "middle" ? "center" : anchor;
      ctx.textBaseline = baseline;
      if (maxw) ctx.fillText(text, x, y, maxw); else ctx.fillText(text, x, y);
    }
  }
}

// where along the line p -> q (0..1) it first meets a culprit: a segment, a point or a square
function contact(p, q, where, rects) {
  const dx = q[0] - p[0], dy = q[1] - p[1];
  const len2 = dx * dx + dy * dy || 1;
  if (where[0] === "pt") return ((where[1] - p[0]) * dx + (where[2] - p[1]) * dy) / len2;
  if (where[0] === "sq") {
    const i = where[1], x0 = rects[4 * i], y0 = rects[4 * i + 1], x1 = x0 + rects[4 * i + 2], y1 = y0 + rects[4 * i + 3];
    let lo = 0;
    for (const [a, d, l, h] of [[p[0], dx, x0, x1], [p[1], dy, y0, y1]]) if (d) lo = Math.max(lo, Math.min((l - a) / d, (h - a) / d));
    return lo;
  }
  const [, ax, ay, bx, by] = where;
  const ex = bx - ax, ey = by - ay;
  const den = dx * ey - dy * ex;
  if (Math.abs(den) > 1e-9) return ((ax - p[0]) * ey - (ay - p[1]) * ex) / den;
  // along the segment: where the line first touches one of its ends
  const ts = [((ax - p[0]) * dx + (ay - p[1]) * dy) / len2, ((bx - p[0]) * dx + (by - p[1]) * dy) / len2].filter((t) => t >= 0 && t <= 1);
  return ts.length ? Math.min(...ts) : 0;
}

async function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dodnb-sight";
  el.appendChild(root);
  let view, words, data, shot;     // model traits
  let rects, centres, occupied;
  let viewSeen = null, dataSeen = null;  // the packed texts read last
  let live = false;                 // a kernel answered our ping
  let mode = "shooter";
  let hovered = null;               // square number under the mouse
  let shown = "";                   // "i>j" drawn now
  let dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));

  const bar = document.createElement("div");
  bar.className = "dodnb-sight-bar";
  const note = document.createElement("div");
  note.className = "dodnb-sight-note";
  const stack = document.createElement("div");
  stack.className = "dodnb-sight-stack";
  const base = document.createElement("canvas");
  const over = document.createElement("canvas");
  base.className = "dodnb-sight-base";
  over.className = "dodnb-sight-over";
  stack.append(base, over);
  const panel = document.createElement("div");
  panel.className = "dodnb-sight-panel";
  root.append(bar, note, stack, panel);

  function ids() { return view.ids; }
  function idx(sid) { return sid ? view.ids.indexOf(sid) : -1; }

  async function readView() {
    const packed = model.get("board_view").packed;
    if (packed !== viewSeen) { view = await unpack(packed); viewSeen = packed; }
    words = model.get("words");
    rects = view.rects;
    centres = [];
    for (let i = 0; i < view.ids.length; i++) centres.push([rects[4 * i] + rects[4 * i + 2] / 2, rects[4 * i + 1] + rects[4 * i + 3] / 2]);
    const W = view.width, H = view.height;
    for (const c of [base, over]) { c.width = Math.round(W * dpr); c.height = Math.round(H * dpr); }
    stack.style.cssText = `position:relative;width:100%;aspect-ratio:${W}/${H};`;
    base.style.cssText = "position:absolute;left:0;top:0;width:100%;height:100%;";
    over.style.cssText = "position:absolute;left:0;top:0;width:100%;height:100%;cursor:crosshair;";
    panel.style.cssText = `line-height:1.45;font-size:${view.panel_font};min-height:9em;padding:4px 2px;`;
    const ctx = base.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paint(ctx, view.shapes, view.narrow_font);
    buildBar();
  }

  async function readData() {
    const packed = model.get("data").packed;
    if (packed === dataSeen) return;
    const got = await unpack(packed);
    if (model.get("data").packed !== packed) return;  // a newer one came meanwhile
    data = got; dataSeen = packed;
    occupied = new Set(data.occupied);
  }

  function send(msg) {
    try { model.send(msg); } catch (e) { /* no kernel */ }
  }
  function setTrait(name, value) {
    model.set(name, value);
    try { model.save_changes(); } catch (e) { /* no kernel: the change stays in this page */ }
  }

  // ---- the controls
  let fireSel, valueSel, modeButtons = {}, needKernel = [];
  function buildBar() {
    bar.textContent = "";
    bar.style.cssText = "display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:2px 0 4px 0;";
    const label = document.createElement("span");
    label.textContent = words.click_sets;
    bar.append(label);
    modeButtons = {}; needKernel = [];
    for (const [m, text, tip] of words.modes) {
      const b = document.createElement("button");
      b.textContent = text; b.title = tip; b.className = "jupyter-button dodnb-sight-mode";
      b.onclick = () => { mode = m; showMode(); };
      modeButtons[m] = b; bar.append(b);
      if (m === "piece") needKernel.push(b);
    }
    const swap = document.createElement("button");
    swap.textContent = words.swap; swap.className = "jupyter-button";
    swap.onclick = () => {
      const a = model.get("shooter"), t = model.get("target");
      if (a && t) { model.set("shooter", t); setTrait("target", a); drawFor(idx(t), idx(a)); }
    };
    const open = document.createElement("button");
    open.textContent = words.open_doors; open.className = "jupyter-button";
    open.onclick = () => send({ kind: "open_all" });
    needKernel.push(open);
    fireSel = select(words.fire, model.get("fire"), (v) => setTrait("fire", v));
    valueSel = select(words.values, model.get("value"), (v) => setTrait("value", v));
    needKernel.push(fireSel, valueSel);
    const f = document.createElement("label"); f.textContent = words.shooting + " "; f.append(fireSel);
    const z = document.createElement("label"); z.textContent = words.zombie_value + " "; z.append(valueSel);
    bar.append(swap, open, f, z);
    showMode(); showLive();
  }
  function select(options, value, onchange) {
    const s = document.createElement("select");
    for (const [k, text] of options) { const o = document.createElement("option"); o.value = k; o.textContent = text; s.append(o); }
    s.value = value; s.onchange = () => onchange(s.value);
    s.style.maxWidth = "28em";
    return s;
  }
  function showMode() {
    for (const [m, b] of Object.entries(modeButtons)) {
      b.style.fontWeight = m === mode ? "bold" : "normal";
      b.style.outline = m === mode ? "2px solid #333" : "none";
    }
  }
  function showLive() {
    for (const c of needKernel) { c.disabled = !live; c.style.opacity = live ? "" : "0.45"; }
    const err = model.get("error");
    if (err) { note.textContent = err; note.style.cssText = `color:${view.colours.blocked};margin:2px 0;`; }
    else if (!live) { note.textContent = words.no_kernel; note.style.cssText = "margin:2px 0;padding:3px 8px;background:#fff8e1;border-left:5px solid #f9a825;"; }
    else { note.textContent = words.click_door; note.style.cssText = "margin:2px 0;font-style:italic;"; }
  }

  // ---- what the mouse is over
  function toScene(e) {
    const r = over.getBoundingClientRect();
    return [(e.clientX - r.left) * view.width / r.width, (e.clientY - r.top) * view.height / r.height];
  }
  function squareAt(x, y) {
    for (let i = 0; i < view.ids.length; i++) {
      const x0 = rects[4 * i], y0 = rects[4 * i + 1];
      if (x > x0 && x < x0 + rects[4 * i + 2] && y > y0 && y < y0 + rects[4 * i + 3]) return i;
    }
    return -1;
  }
  function doorAt(x, y) {
    let best = null, bestD = view.door_reach;
    for (const [id, kind, ax, ay, bx, by] of view.doors) {
      if (kind === "main") continue;
      const ex = bx - ax, ey = by - ay, l2 = ex * ex + ey * ey || 1;
      const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / l2));
      const d = Math.hypot(x - ax - t * ex, y - ay - t * ey);
      if (d <= bestD) { best = id; bestD = d; }
    }
    return best;
  }

  // ---- the panel: the data's sentences, filled in
  function fill(text, values) {
    for (const [name, value] of Object.entries(values)) text = text.split(words.sentinels[name]).join(value);
    return text;
  }
  function pairIndex(i, j) {  // the unordered pair's place in dist and dseq
    const lo = Math.min(i, j), hi = Math.max(i, j), n = data.n;
    return lo * n - (lo * (lo + 1)) / 2 + hi - lo - 1;
  }
  function names(items) {  // dodnb.i18n.names
    return items.length < 2 ? (items[0] || "") : items.slice(0, -1).join(words.comma) + words.and + items[items.length - 1];
  }
  function passes(i, j) {  // the squares the line passes and its doors
    const path = squaresPassed(view.grid, i, j).map((q) => view.ids[q]).join(" \u2192 ");
    const seq = data.dseq[pairIndex(i, j)];
    const doors = names(data.seqs[i < j ? seq : data.rev[seq]].map((k) => data.dwords[k]));
    return ["text", doors ? fill(words.passes_doors, { path, doors }) : fill(words.passes_no_door, { path })];
  }
  function panelLines(i, j) {
    const n = data.n, a = view.ids[i], b = view.ids[j], k = i * n + j;
    const far = i === j ? 0 : data.dist[pairIndex(i, j)];
    const out = [];
    let s = null;
    if (i === j) {
      out.push(["head-ok", fill(words.head_ok, { a, b })], ["text", words.same_square]);
      s = data.shots[data.same_shot];
    } else if (data.ref[k] < data.ns) {
      s = data.shots[data.ref[k]];
      out.push(["head-ok", fill(words.head_ok, { a, b })], passes(i, j), ["text", words.distance[far]]);
    } else {
      const [reason, what] = data.culprits[data.ref[k] - data.ns];
      const w = words.reasons[String(reason + 1)];
      out.push(["head-no", fill(w.head, { a, b })]);
      const because = fill(w.why, { a, b, what });
      out.push(["text", fill(words.why, { path: because[0].toUpperCase() + because.slice(1) + " " + w.case })]);
      out.push(passes(i, j));
      if (far !== 255) out.push(["text", words.distance[far]]);
    }
    if (!s) { out.push(["text", words.no_shot]); return out; }
    out.push(["text", words.modifier_head]);
    for (const m of s[1]) out.push(["item", data.mlines[m]]);
    const [totalLine, killLine] = shot[String(s[0])] || ["", ""];
    out.push(["text", totalLine], ["text", killLine]);
    if (i === j) out.push(["text", words.panic_first]);
    else if (occupied.has(j)) out.push(["text", fill(words.piece_at_target, { b })]);
    return out;
  }
  function writePanel(lines) {
    const c = view.colours;
    let html = "", items = [];
    const flush = () => { if (items.length) { html += "<ul style='margin:2px 0'>" + items.map((t) => `<li>${t}</li>`).join("") + "</ul>"; items = []; } };
    for (const [kind, text] of lines) {
      const t = escapeHtml(text);
      if (kind === "item") { items.push(t); continue; }
      flush();
      if (kind === "head-ok") html += `<div class="dodnb-sight-head" style="font-size:1.15em;font-weight:bold;color:${c.visible}">${t}</div>`;
      else if (kind === "head-no") html += `<div class="dodnb-sight-head" style="font-size:1.15em;font-weight:bold;color:${c.blocked}">${t}</div>`;
      else html += `<div>${t}</div>`;
    }
    flush();
    panel.innerHTML = html;
  }

  // ---- the overlay
  function outline(ctx, i, colour, width) {
    const pad = width / 2 + 1;
    ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.setLineDash([]);
    ctx.strokeRect(rects[4 * i] + pad, rects[4 * i + 1] + pad, rects[4 * i + 2] - 2 * pad, rects[4 * i + 3] - 2 * pad);
  }
  function ring(ctx, x, y, r, colour, width, fill) {
    ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
    if (fill) { ctx.fillStyle = colour; ctx.fill(); } else { ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.stroke(); }
  }
  function line(ctx, p, q, colour, width, dash) {
    ctx.setLineDash(dash || []); ctx.lineCap = "round";
    ctx.strokeStyle = colour; ctx.lineWidth = width;
    ctx.beginPath(); ctx.moveTo(p[0], p[1]); ctx.lineTo(q[0], q[1]); ctx.stroke();
    ctx.setLineDash([]);
  }
  function drawDoors(ctx) {
    const c = view.colours;
    for (const [id, kind, ax, ay, bx, by] of view.doors) {
      const state = data.doors[id];
      if (!state) continue;
      if (state === "closed") { line(ctx, [ax, ay], [bx, by], c.dark, view.door_width + 4); line(ctx, [ax, ay], [bx, by], c[kind], view.door_width + 1); }
      else { line(ctx, [ax, ay], [bx, by], "#ffffff", view.door_width + 1); line(ctx, [ax, ay], [bx, by], "#8c8c8c", 1.5, [2, 2]); }
    }
    for (const i of occupied) {
      ring(ctx, centres[i][0], centres[i][1], view.token_radius, "#2e7d32", 0, true);
      ring(ctx, centres[i][0], centres[i][1], view.token_radius, "#ffffff", 1.5, false);
    }
  }
  function drawFor(i, j) {
    if (!data || !view) return;  // still unpacking
    const key = `${i}>${j}`;
    if (key === shown) return;
    shown = key;
    const ctx = over.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, view.width, view.height);
    drawDoors(ctx);
    const c = view.colours;
    root.dataset.shooter = i >= 0 ? view.ids[i] : "";
    root.dataset.target = j >= 0 ? view.ids[j] : "";
    if (i < 0) { writePanel([["text", words.start]]); return; }
    if (j < 0) {
      outline(ctx, i, c.dark, 3); ring(ctx, centres[i][0], centres[i][1], 4.5, c.dark, 0, true);
      writePanel([["text", fill(words.pick_target, { a: view.ids[i] })]]);
      return;
    }
    const k = i * data.n + j;
    const ok = i === j || data.ref[k] < data.ns;
    const colour = ok ? c.visible : c.blocked;
    const p = centres[i], q = centres[j];
    if (i !== j && ok) {
      ctx.globalAlpha = 0.5; ctx.fillStyle = c.highlight;
      for (const s of squaresPassed(view.grid, i, j).slice(1, -1)) ctx.fillRect(rects[4 * s] + 1.5, rects[4 * s + 1] + 1.5, rects[4 * s + 2] - 3, rects[4 * s + 3] - 3);
      ctx.globalAlpha = 1;
      line(ctx, p, q, colour, 3);
    } else if (i !== j) {
      const [, , where] = data.culprits[data.ref[k] - data.ns];
      const t = Math.max(0, Math.min(1, contact(p, q, where, rects)));
      const m = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
      line(ctx, p, m, colour, 3); line(ctx, m, q, colour, 2, [6, 4]);
      if (where[0] === "seg") line(ctx, [where[1], where[2]], [where[3], where[4]], c.culprit, 7);
      if (where[0] === "sq") outline(ctx, where[1], c.culprit, 4);
      else ring(ctx, m[0], m[1], where[0] === "pt" ? 9 : 7, c.culprit, 3, false);
    }
    outline(ctx, i, c.dark, 3);
    if (i !== j) outline(ctx, j, colour, 3);
    ring(ctx, p[0], p[1], 4.5, c.dark, 0, true);
    ring(ctx, q[0], q[1], 6, colour, 2.5, false);
    ring(ctx, q[0], q[1], 2, colour, 0, true);
    writePanel(panelLines(i, j));
  }
  function redraw() {
    shown = "";
    const a = idx(model.get("shooter"));
    const t = hovered !== null && hovered >= 0 ? hovered : idx(model.get("target"));
    drawFor(a, a >= 0 ? t : -1);
  }

  // ---- events
  over.addEventListener("mousemove", (e) => {
    if (!data) return;
    const [x, y] = toScene(e);
    const sq = squareAt(x, y);
    if (sq === hovered) return;
    hovered = sq;
    const a = idx(model.get("shooter"));
    if (a < 0) return;
    drawFor(a, sq >= 0 ? sq : idx(model.get("target")));
  });
  over.addEventListener("mouseleave", () => { hovered = null; redraw(); });
  over.addEventListener("click", (e) => {
    if (!data) return;
    const [x, y] = toScene(e);
    const door = doorAt(x, y);
    if (door) { if (live) send({ kind: "door", id: door }); return; }
    const sq = squareAt(x, y);
    if (sq < 0) return;
    const sid = view.ids[sq];
    if (mode === "shooter" || !model.get("shooter")) {
      setTrait("shooter", sid); mode = "target"; showMode();
    } else if (mode === "target") {
      setTrait("target", sid);
    } else if (live) {
      send({ kind: "piece", square: sid });
    }
    redraw();
  });

  model.on("change:board_view", async () => { await readView(); redraw(); });
  model.on("change:words", async () => { await readView(); redraw(); });
  model.on("change:data", async () => { await readData(); redraw(); });
  model.on("change:shot", () => { shot = model.get("shot"); redraw(); });
  model.on("change:shooter", redraw);
  model.on("change:target", redraw);
  model.on("change:error", showLive);
  model.on("change:fire", () => { if (fireSel) fireSel.value = model.get("fire"); });
  model.on("change:value", () => { if (valueSel) valueSel.value = model.get("value"); });
  model.on("msg:custom", (msg) => { if (msg && msg.kind === "pong") { live = true; root.dataset.live = "1"; showLive(); } });

  await readView(); await readData(); shot = model.get("shot");
  redraw();
  root.dataset.live = "0";
  send({ kind: "ping" });
  return () => {};
}

export default { render };
