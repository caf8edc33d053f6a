// The map canvas: draws the elements Python sends and reports clicks, drags, new connections,
// deletions and double-clicks back through the "event" trait. Python holds the state.
import cytoscape from "cytoscape";
import edgehandles from "cytoscape-edgehandles";

cytoscape.use(edgehandles);

const KIND_COLOURS = {
  street: "#e0e0e0", room: "#ffe0b2", corridor: "#cfd8dc", cell: "#d7ccc8", tower: "#c5e1a5",
  security: "#f8bbd0", gate: "#f48fb1", extra: "#fff59d", elevator: "#b3e5fc",
};
const LOCK_COLOURS = {
  red: "#e53935", blue: "#1e88e5", green: "#43a047", yellow: "#fdd835", purple: "#8e24aa",
  orange: "#fb8c00", white: "#bdbdbd", black: "#212121",
};

const STYLE = [
  { selector: "node.zone", style: {
      "label": "data(label)", "text-wrap": "wrap", "text-valign": "center", "font-size": 10,
      "width": 64, "height": 40, "shape": "round-rectangle", "border-width": 1, "border-color": "#616161",
      "background-color": (n) => n.data("heat") != null ? n.data("heat") : (KIND_COLOURS[n.data("kind")] || "#eeeeee"),
  } },
  { selector: "node.zone[kind = 'street']", style: { "shape": "rectangle" } },
  { selector: "node.zone[kind = 'tower']", style: { "shape": "triangle" } },
  { selector: "node.zone[kind = 'elevator']", style: { "shape": "square", "width": 40 } },
  { selector: "node.start", style: { "border-width": 4, "border-color": "#2e7d32" } },
  { selector: "node.exit", style: { "border-width": 4, "border-color": "#1565c0", "border-style": "double" } },
  { selector: "node.spawn", style: { "outline-width": 3, "outline-color": "#c62828" } },
  { selector: "node.building", style: {
      "background-opacity": 0.08, "label": "data(label)", "text-valign": "top", "font-size": 9,
      "border-style": "dashed", "border-color": "#8d6e63" } },
  { selector: "edge", style: {
      "width": 2, "line-color": "#9e9e9e", "curve-style": "bezier", "label": "data(label)", "font-size": 8,
      "text-background-color": "#ffffff", "text-background-opacity": 0.8 } },
  { selector: "edge.door", style: { "line-style": "dashed", "line-color": "#6d4c41", "width": 3 } },
  { selector: "edge.open", style: { "line-style": "dotted" } },
  { selector: "edge.locked", style: { "line-color": (e) => LOCK_COLOURS[e.data("lock")] || "#424242", "width": 4 } },
  { selector: "edge.stairs", style: { "line-color": "#5e35b1", "width": 3 } },
  { selector: "edge.elevator", style: { "line-color": "#0277bd", "line-style": "dashed" } },
  { selector: "edge.ladder", style: { "line-color": "#33691e" } },
  { selector: "edge.fence", style: { "line-color": "#b71c1c", "line-style": "dotted", "width": 3 } },
  { selector: "edge.window", style: { "line-color": "#4fc3f7", "line-style": "dotted" } },
  { selector: "edge.oneway", style: { "target-arrow-shape": "triangle", "target-arrow-color": "#424242" } },
  { selector: ":selected", style: { "overlay-color": "#1e88e5", "overlay-opacity": 0.25 } },
  { selector: ".highlight", style: { "overlay-color": "#ff6f00", "overlay-opacity": 0.35 } },
  { selector: ".hidden", style: { "display": "none" } },
];

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "sd-canvas";
  box.tabIndex = 0;
  box.style.height = model.get("height");
  box.style.width = "100%";
  box.style.minWidth = "320px";
  box.style.border = "1px solid #bdbdbd";
  box.style.overflow = "hidden";
  // the box's size must not depend on its content: cytoscape sizes its canvases from the box,
  // and a box that grows with them resizes (and clears) the drawing in a loop
  box.style.contain = "size layout paint";
  el.style.width = "100%";
  el.style.minWidth = "0";
  el.appendChild(box);

  let cy = null;
  let eh = null;
  // cytoscape keeps and mutates the element objects it is given: hand it copies, never the model's
  const elements = () => JSON.parse(JSON.stringify(model.get("elements")));
  let counter = 0;
  const send = (ev) => { counter += 1; model.set("event", { ...ev, n: counter }); model.save_changes(); };
  const mark = () => {
    box.dataset.nodeCount = String(cy.nodes(".zone").length);
    box.dataset.edgeCount = String(cy.edges().length);
  };
  const applyLevel = () => {
    const level = model.get("level");
    cy.nodes(".zone").forEach((n) => n.toggleClass("hidden", level !== "all" && String(n.data("level")) !== level));
  };
  const applyHighlight = () => {
    cy.elements().removeClass("highlight");
    for (const id of model.get("highlighted")) cy.getElementById(id).addClass("highlight");
  };
  const applyMode = () => (model.get("mode") === "connect" ? eh.enableDrawMode() : eh.disableDrawMode());
  const applySelected = () => {
    cy.elements().unselect();
    const s = model.get("selected");
    if (s) cy.getElementById(s).select();
  };
  const redraw = () => {
    cy.json({ elements: elements() }); // adds, removes and changes elements by id
    applyLevel();
    applyHighlight();
    applySelected();
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

  // cytoscape needs a container that is in the page and has a size: start it once it has one
  const start = (view) => {
    if (cy || !box.isConnected || box.clientWidth === 0 || box.clientHeight === 0) return;
    cy = cytoscape({
      container: box, elements: elements(), style: STYLE, layout: { name: "preset" },
      boxSelectionEnabled: false,
    });
    box.cy = cy; // for tests and debugging in the browser console
    box.dbg = { cytoscape, STYLE, elements };
    eh = cy.edgehandles({
      canConnect: (s, t) => s.hasClass("zone") && t.hasClass("zone") && s.id() !== t.id(),
      snap: true,
    });
    cy.on("ehcomplete", (_event, source, target, added) => {
      added.remove();
      send({ type: "connect", source: source.id(), target: target.id() });
    });
    cy.on("tap", "node.zone, edge", (e) => send({ type: "select", id: e.target.id() }));
    cy.on("tap", (e) => { if (e.target === cy) send({ type: "select", id: "" }); });
    cy.on("dbltap", (e) => {
      if (e.target === cy) send({ type: "add_zone", x: e.position.x, y: e.position.y });
    });
    cy.on("dragfree", "node.zone", (e) => {
      const p = e.target.position();
      send({ type: "move", id: e.target.id(), x: p.x, y: p.y });
    });
    applyLevel();
    applyHighlight();
    applySelected();
    applyMode();
    mark();
    if (view) cy.viewport(view); else cy.fit(undefined, 30);
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

  box.addEventListener("keydown", (e) => {
    if ((e.key === "Delete" || e.key === "Backspace") && model.get("selected")) {
      send({ type: "delete", id: model.get("selected") });
    }
  });
  model.on("change:elements", () => cy && redraw());
  model.on("change:level", () => cy && applyLevel());
  model.on("change:highlighted", () => cy && applyHighlight());
  model.on("change:mode", () => cy && applyMode());
  model.on("change:selected", () => cy && applySelected());
  model.on("msg:custom", (msg) => { if (cy && msg && msg.type === "fit") cy.fit(undefined, 30); });
  return () => { observer.disconnect(); if (cy) cy.destroy(); };
}

export default { render };
