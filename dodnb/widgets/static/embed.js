// A widget renderer for HTML exports that works offline (dodnb/widgets/sightview.py, issue 36).
//
// `jupyter nbconvert --to html` of a notebook saved with its widget state writes that state and each
// output's widget view into the page, then loads a renderer (by default @jupyter-widgets/html-manager
// from a CDN, which then fetches each widget's code from another CDN). Given as the exporter's
// `--HTMLExporter.widget_renderer_url` (sightview.renderer_url() makes a data: URL of this file),
// this renderer needs no network: it draws every anywidget widget of the page (those whose state
// holds their own ES module, `_esm`: the line-of-sight explorer) with a model made from the saved
// state. Such a model keeps changes in the page and reaches no kernel. Other widgets are left to the
// still picture beside them (shown by this renderer in their place when the output has one).
(function () {
  "use strict";
  const STATE = "application/vnd.jupyter.widget-state+json";
  const VIEW = "application/vnd.jupyter.widget-view+json";

  function modelFrom(saved) {
    const values = Object.assign({}, saved.state || {});
    const listeners = {};
    const fire = (name, ...args) => (listeners[name] || []).slice().forEach((cb) => cb(...args));
    return {
      get: (name) => values[name],
      set: (name, value) => { values[name] = value; fire("change:" + name, value); },
      on: (name, cb) => { (listeners[name] = listeners[name] || []).push(cb); },
      off: (name, cb) => { if (!name) { for (const k in listeners) delete listeners[k]; return; } listeners[name] = (listeners[name] || []).filter((f) => cb && f !== cb); },
      save_changes: () => {},
      send: () => {},  // no kernel: nobody answers
      widget_manager: null,
    };
  }

  async function renderAll() {
    const tag = document.querySelector(`script[type="${STATE}"]`);
    if (!tag) return;
    const state = JSON.parse(tag.textContent).state || {};
    for (const view of document.querySelectorAll(`script[type="${VIEW}"]`)) {
      const id = JSON.parse(view.textContent).model_id;
      const saved = state[id];
      const host = document.createElement("div");
      host.className = "dodnb-embedded";
      view.parentElement.appendChild(host);
      if (!saved || !saved.state || typeof saved.state._esm !== "string") {
        host.textContent = "";  // not an anywidget widget: nothing this renderer can draw
        continue;
      }
      try {
        const url = URL.createObjectURL(new Blob([saved.state._esm], { type: "text/javascript" }));
        const mod = await import(url);
        const widget = mod.default && (typeof mod.default === "function" ? await mod.default() : mod.default);
        const render = (widget && widget.render) || mod.render;
        if (saved.state._css) {
          const style = document.createElement("style");
          style.textContent = saved.state._css;
          document.head.appendChild(style);
        }
        await render({ model: modelFrom(saved), el: host });
        host.dataset.rendered = "1";
      } catch (err) {
        host.textContent = "widget: " + err;
      }
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", renderAll);
  else renderAll();
})();
