// The map canvas: draws the elements Python sends and reports what the user does (selection,
// drags, new connections, keys, double-clicks) back through the "event" trait. Python holds the
// state: every edit is made there and comes back as new elements.
import cytoscape from "cytoscape";
import edgehandles from "cytoscape-edgehandles";

cytoscape.use(edgehandles);

// One source for the look of the map: the Python side sends the same table to the printable map
// (designer/render.py reads KIND_COLOURS and CONNECTION_STYLES from designer/widgets/canvas.py).
const FALLBACK_STYLE = {
  kinds: { street: "#e0e0e0" },
  connections: { opening: { colour: "#9e9e9e", dash: "solid", width: 2 } },
  locks: { red: "#e53935" },
};

function css(el, props) { Object.assign(el.style, props); return el; }

function styleFor(look) {
  const K = look.kinds, C = look.connections, L = look.locks;
  const dash = (kind) => (C[kind] || {}).dash || "solid";
  const sheet = [
    { selector: "node.zone", style: {
        "label": "data(label)", "text-wrap": "wrap", "text-valign": "center", "text-halign": "center",
        "font-size": 10, "font-family": "DejaVu Sans, Verdana, sans-serif", "text-max-width": "data(tw)",
        "width": "data(w)", "height": "data(h)", "shape": "round-rectangle", "border-width": 1,
        "border-color": "#616161",
        "background-color": (n) => n.data("heat") != null ? n.data("heat") : (K[n.data("kind")] || "#eeeeee"),
    } },
    { selector: "node.zone[kind = 'street']", style: { "shape": "rectangle" } },
    { selector: "node.zone[kind = 'tower']", style: { "shape": "round-triangle", "text-valign": "bottom",
        "text-margin-y": -6 } },
    { selector: "node.start", style: { "border-width": 4, "border-color": "#2e7d32" } },
    { selector: "node.exit", style: { "border-width": 4, "border-color": "#1565c0", "border-style": "double" } },
    { selector: "node.spawn", style: { "outline-width": 3, "outline-color": "#c62828" } },
    { selector: "node.building", style: {
        "background-opacity": 0.08, "label": "data(label)", "text-valign": "top", "font-size": 9,
        "border-style": "dashed", "border-color": "#8d6e63", "padding": 12 } },
    { selector: "node.tile", style: {
        "shape": "rectangle", "width": "data(w)", "height": "data(h)", "background-color": "#f5f7f8",
        "background-opacity": 1, "border-width": 2, "border-color": "#90a4ae", "border-style": "solid",
        "label": "data(label)", "text-valign": "top", "text-halign": "center", "text-margin-y": 22,
        "font-size": 16, "font-weight": "bold", "color": "#78909c", "z-compound-depth": "bottom", "z-index": 0,
        "events": "no" } },
    { selector: "node.tile.tilemode", style: { "events": "yes", "border-color": "#546e7a" } },
    { selector: "node.tile:selected", style: { "border-color": "#1e88e5", "border-width": 4 } },
    { selector: "edge", style: {
        "width": 2, "line-color": "#9e9e9e", "curve-style": "bezier", "label": "data(label)", "font-size": 8,
        "text-background-color": "#ffffff", "text-background-opacity": 0.8 } },
  ];
  for (const [kind, s] of Object.entries(C)) {
    sheet.push({ selector: `edge.${kind}`, style: { "line-color": s.colour, "width": s.width,
      "line-style": s.dash === "solid" ? "solid" : s.dash } });
  }
  sheet.push(
    { selector: "edge.open", style: { "line-style": "dotted" } },
    { selector: "edge.locked", style: { "line-color": (e) => L[e.data("lock")] || "#424242", "width": 4,
        "line-style": dash("door") } },
    { selector: "edge.oneway", style: { "target-arrow-shape": "triangle", "target-arrow-color": "#424242" } },
    { selector: ":selected", style: { "overlay-color": "#1e88e5", "overlay-opacity": 0.25 } },
    { selector: ".highlight", style: { "overlay-color": "#ff6f00", "overlay-opacity": 0.35 } },
    { selector: ".hidden", style: { "display": "none" } },
  );
  return sheet;
}

const SWATCH = (colour, dash, width, arrow) => {
  const d = dash === "dashed" ? "6,4" : dash === "dotted" ? "2,3" : "";
  return `<svg width="34" height="10" style="vertical-align:middle"><line x1="1" y1="5" x2="${arrow ? 26 : 33}" y2="5" ` +
    `stroke="${colour}" stroke-width="${width}" ${d ? `stroke-dasharray="${d}"` : ""}/>` +
    (arrow ? `<polygon points="26,1 33,5 26,9" fill="#424242"/>` : "") + "</svg>";
};

function legendHtml(look, present) {
  const rows = [];
  const kinds = Object.keys(look.kinds).filter((k) => present.kinds.has(k));
  for (const k of kinds) {
    rows.push(`<div><span style="display:inline-block;width:14px;height:10px;border:1px solid #616161;` +
      `background:${look.kinds[k]};vertical-align:middle"></span> ${k}</div>`);
  }
  for (const [kind, s] of Object.entries(look.connections)) {
    if (!present.connections.has(kind)) continue;
    rows.push(`<div>${SWATCH(s.colour, s.dash, Math.min(s.width, 3), false)} ${kind}</div>`);
  }
  if (present.locked) rows.push(`<div>${SWATCH("#1e88e5", "dashed", 3, false)} locked door (key colour)</div>`);
  if (present.oneway) rows.push(`<div>${SWATCH("#9e9e9e", "solid", 2, true)} one way</div>`);
  rows.push(`<div><span style="display:inline-block;width:14px;height:10px;border:3px solid #2e7d32;` +
    `vertical-align:middle"></span> START</div>`);
  rows.push(`<div><span style="display:inline-block;width:14px;height:10px;border:3px double #1565c0;` +
    `vertical-align:middle"></span> EXIT</div>`);
  rows.push(`<div><span style="display:inline-block;width:14px;height:10px;outline:3px solid #c62828;` +
    `vertical-align:middle"></span> spawn (order, colour)</div>`);
  rows.push("<div>obj · key · switch · item: objectives</div>");
  rows.push(`<div><span style="display:inline-block;width:14px;height:10px;border:1px dashed #8d6e63;` +
    `vertical-align:middle"></span> building</div>`);
  if (present.tiles) {
    rows.push(`<div><span style="display:inline-block;width:14px;height:10px;border:2px solid #90a4ae;` +
      `background:#f5f7f8;vertical-align:middle"></span> map tile (code, turn)</div>`);
  }
  return rows.join("");
}

function button(label, title) {
  const b = document.createElement("button");
  b.textContent = label;
  b.title = title;
  b.className = "sd-control";
  css(b, { minWidth: "28px", height: "26px", margin: "0 0 0 3px", cursor: "pointer", font: "13px sans-serif",
    background: "#ffffff", border: "1px solid #9e9e9e", borderRadius: "3px" });
  return b;
}

function render({ model, el }) {
  const wrap = css(document.createElement("div"), { position: "relative", width: "100%" });
  wrap.className = "sd-wrap";
  const box = document.createElement("div");
  box.className = "sd-canvas";
  box.tabIndex = 0;
  // keys typed on the map are the map's, not JupyterLab's shortcuts
  box.dataset.lmSuppressShortcuts = "true";
  css(box, { height: model.get("height"), width: "100%", minWidth: "320px", border: "1px solid #bdbdbd",
    overflow: "hidden", outline: "none" });
  // the box's size must not depend on its content: cytoscape sizes its canvases from the box,
  // and a box that grows with them resizes (and clears) the drawing in a loop
  box.style.contain = "size layout paint";
  box.addEventListener("focus", () => { box.style.borderColor = "#1e88e5"; });
  box.addEventListener("blur", () => { box.style.borderColor = "#bdbdbd"; });
  const controls = css(document.createElement("div"), { position: "absolute", top: "6px", right: "8px",
    zIndex: 10, display: "flex" });
  controls.className = "sd-controls";
  const zoomIn = button("+", "Zoom in (+)");
  const zoomOut = button("\u2212", "Zoom out (-)");
  const fitButton = button("Fit", "Show the whole map (F)");
  const legendButton = button("Legend", "Show or hide the legend");
  controls.append(zoomIn, zoomOut, fitButton, legendButton);
  // the legend sits under the map, never over a zone
  const legend = css(document.createElement("div"), { display: "flex", flexWrap: "wrap", columnGap: "14px",
    rowGap: "2px", padding: "3px 6px", font: "11px sans-serif", lineHeight: "15px", borderTop: "0" });
  legend.className = "sd-legend";
  wrap.append(box, controls, legend);
  el.style.width = "100%";
  el.style.minWidth = "0";
  el.appendChild(wrap);

  let cy = null;
  let eh = null;
  let applying = false; // selection changes made from Python are not reported back
  const look = () => model.get("look") && model.get("look").kinds ? model.get("look") : FALLBACK_STYLE;
  // cytoscape keeps and mutates the element objects it is given: hand it copies, never the model's
  const elements = () => JSON.parse(model.get("elements_json") || "[]");
  let counter = 0;
  // one message per user action: a synced trait would merge actions made in quick succession
  // (ipywidgets sends only the latest state while a message is in flight)
  const send = (ev) => { counter += 1; model.send({ ...ev, n: counter }); };
  const mark = () => {
    box.dataset.nodeCount = String(cy.nodes(".zone").length);
    box.dataset.edgeCount = String(cy.edges().length);
    box.dataset.zoom = String(cy.zoom());
  };
  const visible = () => cy.elements().not(".hidden").filter((e) => !e.isNode() || e.hasClass("zone") || e.hasClass("tile"));
  const fit = (eles) => {
    const target = eles && eles.length ? eles : visible();
    if (!target.length) return;
    cy.fit(target, 30);
    if (cy.zoom() > 1.6) { cy.zoom(1.6); cy.center(target); }
  };
  const zoomBy = (factor, at) => {
    const level = Math.max(cy.minZoom(), Math.min(cy.maxZoom(), cy.zoom() * factor));
    const p = at || { x: box.clientWidth / 2, y: box.clientHeight / 2 };
    cy.zoom({ level, renderedPosition: p });
  };
  // bring elements into view: pan when they fit at this zoom, zoom out to them when they do not
  const show = (eles) => {
    if (!eles.length) return;
    const bb = eles.boundingBox();
    const ext = cy.extent();
    if (bb.x1 >= ext.x1 && bb.x2 <= ext.x2 && bb.y1 >= ext.y1 && bb.y2 <= ext.y2) return;
    if (bb.w < ext.w * 0.9 && bb.h < ext.h * 0.9) cy.center(eles); else fit(eles);
  };
  const applyLevel = () => {
    const hidden = new Set(model.get("hidden_levels").map(String));
    cy.nodes(".zone").forEach((n) => n.toggleClass("hidden", hidden.has(String(n.data("level")))));
    cy.nodes(".building").forEach((b) => b.toggleClass("hidden", b.children().not(".hidden").length === 0));
  };
  // tile outlines take clicks and drags only in tile mode; otherwise clicks go through to the map
  const applyTileMode = () => {
    const on = !!model.get("tile_mode");
    const tiles = cy.nodes(".tile");
    tiles.toggleClass("tilemode", on);
    if (on) { tiles.grabify(); tiles.selectify(); } else { tiles.unselect(); tiles.ungrabify(); tiles.unselectify(); }
    box.dataset.tileMode = on ? "1" : "0";
    box.dataset.tileCount = String(tiles.length);
  };
  const applyHighlight = () => {
    cy.elements().removeClass("highlight");
    for (const id of model.get("highlighted")) cy.getElementById(id).addClass("highlight");
  };
  const applyMode = () => (model.get("mode") === "connect" ? eh.enableDrawMode() : eh.disableDrawMode());
  let lastKnown = "[]"; // the selection Python and the browser last agreed on
  const applySelected = () => {
    applying = true;
    try {
      const want = new Set(model.get("selection"));
      lastKnown = JSON.stringify([...want].sort());
      cy.elements(":selected").forEach((e) => { if (!want.has(e.id())) e.unselect(); });
      for (const id of want) cy.getElementById(id).select();
    } finally { applying = false; }
  };
  const applyGrid = () => {
    const g = model.get("grid");
    if (!g) { box.style.backgroundImage = ""; return; }
    const s = g * cy.zoom();
    const pan = cy.pan();
    box.style.backgroundImage = "linear-gradient(to right, #eeeeee 1px, transparent 1px), " +
      "linear-gradient(to bottom, #eeeeee 1px, transparent 1px)";
    box.style.backgroundSize = `${s}px ${s}px`;
    box.style.backgroundPosition = `${pan.x}px ${pan.y}px`;
  };
  const applyLegend = () => {
    legend.style.display = model.get("legend") ? "flex" : "none";
    legendButton.style.background = model.get("legend") ? "#e3f2fd" : "#ffffff";
    if (!cy || !model.get("legend")) return;
    const present = { kinds: new Set(), connections: new Set(), locked: false, oneway: false,
      tiles: cy.nodes(".tile").length > 0 };
    cy.nodes(".zone").forEach((n) => present.kinds.add(n.data("kind")));
    cy.edges().forEach((e) => {
      present.connections.add(e.data("kind"));
      if (e.hasClass("locked")) present.locked = true;
      if (e.hasClass("oneway")) present.oneway = true;
    });
    legend.innerHTML = legendHtml(look(), present);
  };
  const redraw = () => {
    cy.json({ elements: elements() }); // adds, removes and changes elements by id
    applyTileMode();
    applyLevel();
    applyHighlight();
    applySelected();
    applyLegend();
    mark();
    repaint();
  };
  // Inside JupyterLab the drawing layers can be blank after elements change until the
  // renderer re-measures its canvases: make it do so once the update is laid out.
  const repaint = () => requestAnimationFrame(() => {
    if (!cy) return;
    cy.resize();
    const z = cy.zoom();
    cy.zoom(z * 1.0001); // a viewport change makes the renderer redraw every layer
    cy.zoom(z);
  });
  // Python echoes every selection the browser reports; an echo arriving after newer clicks must
  // not take those clicks back
  const sentSelections = [];
  const selKey = (ids) => JSON.stringify([...ids].sort());
  const isEcho = () => {
    const k = selKey(model.get("selection"));
    const i = sentSelections.indexOf(k);
    if (i < 0) return false;
    sentSelections.splice(0, i + 1);
    return true;
  };
  const byIds = (ids) => (ids || []).reduce((c, id) => c.union(cy.getElementById(id)), cy.collection());
  const selectionIds = () => cy.elements(":selected").map((e) => e.id());
  // the zones a command acts on: the selected zones and the rooms of selected buildings
  const selectedZones = () => {
    const sel = cy.elements(":selected");
    return sel.filter(".zone").union(sel.filter(".building").children(".zone"));
  };
  let viewTimer = null;
  const reportView = () => {
    clearTimeout(viewTimer);
    viewTimer = setTimeout(() => {
      if (!cy) return;
      const e = cy.extent();
      model.set("view", { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, zoom: cy.zoom() });
      model.save_changes();
    }, 150);
  };

  // cytoscape needs a container that is in the page and has a size: start it once it has one
  const start = () => {
    if (cy || !box.isConnected || box.clientWidth === 0 || box.clientHeight === 0) return;
    cy = cytoscape({
      container: box, elements: elements(), style: styleFor(look()), layout: { name: "preset" },
      boxSelectionEnabled: true, selectionType: "single",
      userZoomingEnabled: false, // the wheel scrolls the page; Ctrl+wheel (or wheel on the focused map) zooms
    });
    box.cy = cy; // for tests and debugging in the browser console
    eh = cy.edgehandles({
      canConnect: (s, t) => s.hasClass("zone") && t.hasClass("zone") && s.id() !== t.id(),
      snap: true,
    });
    cy.on("ehcomplete", (_event, source, target, added) => {
      added.remove();
      send({ type: "connect", source: source.id(), target: target.id() });
    });
    let lastTapped = "";
    cy.on("tap", "node, edge", (e) => { lastTapped = e.target.id(); });
    let selTimer = null;
    cy.on("select unselect", () => {
      clearTimeout(selTimer);
      selTimer = setTimeout(() => {
        const ids = selectionIds();
        const key = selKey(ids);
        if (key === lastKnown) return; // what Python asked for, or already reported
        lastKnown = key;
        const primary = ids.includes(lastTapped) ? lastTapped : (ids[0] || "");
        sentSelections.push(key);
        if (sentSelections.length > 50) sentSelections.shift();
        send({ type: "select", id: primary, ids });
      }, 0);
    });
    cy.on("dbltap", (e) => {
      if (e.target === cy || e.target.hasClass("tile")) send({ type: "add_zone", x: e.position.x, y: e.position.y });
    });
    // a drag moves a zone, a group of selected zones or a whole building: report every zone that moved
    let before = null;
    let tileGrab = null; // a tile being dragged: where it and its zones started
    cy.on("grab", "node", (e) => {
      if (e.target.hasClass("tile")) {
        const pid = e.target.data("placement");
        tileGrab = { node: e.target, at: { ...e.target.position() },
          zones: cy.nodes(".zone").filter((n) => n.data("tile") === pid).map((n) => [n, { ...n.position() }]) };
        return;
      }
      before = new Map(cy.nodes(".zone").map((n) => [n.id(), { ...n.position() }]));
    });
    cy.on("drag", "node.tile", (e) => {
      if (!tileGrab || tileGrab.node !== e.target) return;
      const p = e.target.position();
      const dx = p.x - tileGrab.at.x, dy = p.y - tileGrab.at.y;
      for (const [n, q] of tileGrab.zones) n.position({ x: q.x + dx, y: q.y + dy });
    });
    let dragTimer = null;
    cy.on("dragfree", "node", (e) => {
      if (e.target.hasClass("tile")) {
        if (!tileGrab) return;
        const p = e.target.position();
        tileGrab = null;
        send({ type: "move_tile", id: e.target.data("placement"), x: p.x, y: p.y });
        return;
      }
      clearTimeout(dragTimer);
      dragTimer = setTimeout(() => {
        if (!before) return;
        const g = model.get("grid");
        const moves = [];
        cy.nodes(".zone").forEach((n) => {
          const b = before.get(n.id());
          let p = n.position();
          if (!b || (b.x === p.x && b.y === p.y)) return;
          if (g) { p = { x: Math.round(p.x / g) * g, y: Math.round(p.y / g) * g }; n.position(p); }
          moves.push({ id: n.id(), x: p.x, y: p.y });
        });
        before = null;
        if (moves.length) send({ type: "move", moves });
      }, 0);
    });
    cy.on("viewport", () => { applyGrid(); mark(); reportView(); });
    applyTileMode();
    applyLevel();
    applyHighlight();
    applySelected();
    applyMode();
    applyGrid();
    applyLegend();
    mark();
    fit();
    reportView();
    repaint();
  };
  let size = "";
  const observer = new ResizeObserver(() => {
    const now = `${box.clientWidth}x${box.clientHeight}`;
    if (now === size) return; // cytoscape's own canvases must not make it resize in a loop
    size = now;
    if (cy) repaint(); else setTimeout(() => start(), 0); // not inside the observer's callback
  });
  observer.observe(box);
  setTimeout(() => start(), 0);

  // cytoscape blurs whatever has the focus on a mouse-down: give it to the map afterwards, so its
  // keys (Delete, Ctrl+Z, arrows...) reach it
  const focusMap = () => setTimeout(() => box.focus({ preventScroll: true }), 0);
  box.addEventListener("pointerdown", focusMap, true);
  box.addEventListener("pointerup", focusMap, true);
  box.addEventListener("keydown", (e) => {
    if (!cy) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key;
    let handled = true;
    if (key === "Delete" || key === "Backspace") {
      const ids = selectionIds();
      if (ids.length) send({ type: "delete", ids });
    } else if (ctrl && (key === "z" || key === "Z")) {
      send({ type: e.shiftKey ? "redo" : "undo" });
    } else if (ctrl && (key === "y" || key === "Y")) {
      send({ type: "redo" });
    } else if (ctrl && (key === "c" || key === "C")) {
      send({ type: "copy", ids: selectionIds() });
    } else if (ctrl && (key === "v" || key === "V")) {
      const e2 = cy.extent();
      send({ type: "paste", x: (e2.x1 + e2.x2) / 2, y: (e2.y1 + e2.y2) / 2 });
    } else if (ctrl && (key === "d" || key === "D")) {
      send({ type: "duplicate", ids: selectionIds() });
    } else if (ctrl && (key === "a" || key === "A")) {
      cy.nodes(".zone").not(".hidden").select();
    } else if (key === "Escape") {
      cy.elements().unselect();
      send({ type: "escape" });
    } else if (!ctrl && (key === "r" || key === "R") && cy.$("node.tile:selected").length) {
      send({ type: "rotate_tile", ids: cy.$("node.tile:selected").map((n) => n.data("placement")),
        turns: e.shiftKey ? -1 : 1 });
    } else if (key.startsWith("Arrow") && !ctrl && !selectedZones().length && cy.$("node.tile:selected").length) {
      const dx = key === "ArrowLeft" ? -1 : key === "ArrowRight" ? 1 : 0;
      const dy = key === "ArrowUp" ? -1 : key === "ArrowDown" ? 1 : 0;
      send({ type: "nudge_tile", ids: cy.$("node.tile:selected").map((n) => n.data("placement")), dx, dy });
    } else if (key.startsWith("Arrow") && !ctrl) {
      const zones = selectedZones();
      if (!zones.length) { handled = false; } else {
        const step = (model.get("grid") || 10) * (e.shiftKey ? 5 : 1);
        const dx = key === "ArrowLeft" ? -step : key === "ArrowRight" ? step : 0;
        const dy = key === "ArrowUp" ? -step : key === "ArrowDown" ? step : 0;
        const moves = zones.map((n) => {
          const p = { ...n.position() }; // cytoscape hands out its live position object
          n.position({ x: p.x + dx, y: p.y + dy });
          return { id: n.id(), x: p.x + dx, y: p.y + dy };
        });
        send({ type: "move", moves });
      }
    } else if (!ctrl && (key === "f" || key === "F")) {
      fit();
    } else if (!ctrl && (key === "+" || key === "=")) {
      zoomBy(1.25);
    } else if (!ctrl && (key === "-" || key === "_")) {
      zoomBy(1 / 1.25);
    } else {
      handled = false;
    }
    if (handled) { e.preventDefault(); e.stopPropagation(); }
  });
  // the wheel scrolls the page; it zooms the map with Ctrl, or once the map has the focus, by even steps
  box.addEventListener("wheel", (e) => {
    if (!cy || !(e.ctrlKey || document.activeElement === box) || e.deltaY === 0) return;
    e.preventDefault();
    e.stopPropagation();
    const r = box.getBoundingClientRect();
    zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, { x: e.clientX - r.left, y: e.clientY - r.top });
  }, { passive: false, capture: true });
  zoomIn.addEventListener("click", () => cy && zoomBy(1.25));
  zoomOut.addEventListener("click", () => cy && zoomBy(1 / 1.25));
  fitButton.addEventListener("click", () => cy && fit());
  legendButton.addEventListener("click", () => { model.set("legend", !model.get("legend")); model.save_changes(); applyLegend(); });

  model.on("change:elements_json", () => cy && redraw());
  model.on("change:hidden_levels", () => { if (cy) { applyLevel(); fit(); } });
  model.on("change:highlighted", () => {
    if (!cy) return;
    applyHighlight();
    show(cy.elements(".highlight").not(".hidden"));
  });
  model.on("change:mode", () => cy && applyMode());
  model.on("change:tile_mode", () => cy && applyTileMode());
  // an echo of a selection the browser sent is applied too when the browser no longer shows it: a
  // redraw for an edit Python made before it (a nudge, then Escape) reapplied the older selection
  model.on("change:selection", () => {
    if (!cy) return;
    const echo = isEcho();
    if (!echo || selKey(selectionIds()) !== selKey(model.get("selection"))) applySelected();
  });
  model.on("change:grid", () => cy && applyGrid());
  model.on("change:legend", () => applyLegend());
  model.on("change:look", () => { if (cy) { cy.style(styleFor(look())); applyLegend(); } });
  model.on("msg:custom", (msg) => {
    if (!cy || !msg) return;
    if (msg.type === "fit") fit(msg.ids ? byIds(msg.ids) : null);
    else if (msg.type === "zoom") zoomBy(msg.factor || 1);
    else if (msg.type === "show") show(byIds(msg.ids));
    else if (msg.type === "redraw") { cy.json({ elements: elements() }); applyTileMode(); mark(); repaint(); }
  });
  return () => { observer.disconnect(); clearTimeout(viewTimer); if (cy) cy.destroy(); };
}

export default { render };
