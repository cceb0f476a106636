// A digital table's seat: the button that calls the arbiter and the banner of a table the
// arbiter paused (issue 32). Apart from the table's own client (digital.js): it adds its
// banner and button to the seat's page, styled by digital.css (.dt-desk, .dt-call), polls the
// seat's /desk address (the seat's cookie admits it) and posts the call there. The table's
// client tells it each view it gets (the "digital:view" event): a pause or a resume sent
// through the table's socket shows at once, without waiting for the poll. Its texts come
// from its own script tag.
(function () {
  "use strict";
  const me = document.currentScript;
  const url = me.dataset.url;
  let banner, button, table;
  function show(data) {
    if (!data || data.error) return;
    banner.textContent = data.text || "";
    banner.hidden = !data.text;
    button.disabled = !!data.called;
    if (typeof data.signed === "string" && table && table.dataset.signed !== data.signed) {
      // the seat's signature of the engine's sheet: the table's client shows it instead of
      // the «Firma lo score» button
      table.dataset.signed = data.signed;
      document.dispatchEvent(new CustomEvent("digital:signed"));
    }
  }
  async function ask(method) {
    try {
      const r = await fetch(url, { method: method, credentials: "same-origin", cache: "no-store" });
      show(await r.json());
    } catch (e) {
      /* offline: the next poll tries again */
    }
  }
  function start() {
    table = document.getElementById("digital") || document.body;
    banner = document.createElement("p");
    banner.id = "dt-desk";
    banner.className = "dt-desk";
    banner.setAttribute("role", "alert");
    banner.hidden = true;
    const title = table.querySelector("h1");
    table.insertBefore(banner, title ? title.nextSibling : table.firstChild);
    const box = document.createElement("div");
    box.id = "dt-call";
    box.className = "dt-call";
    button = document.createElement("button");
    button.type = "button";
    button.className = "dt-call-button";
    button.textContent = me.dataset.call;
    button.addEventListener("click", function () {
      if (window.confirm(me.dataset.confirm)) ask("POST");
    });
    box.appendChild(button);
    table.appendChild(box);
    document.addEventListener("digital:view", function (e) {
      const v = e.detail || {};
      show({ called: v.called, text: v.paused ? me.dataset.paused : v.called ? me.dataset.called : "" });
    });
    document.addEventListener("digital:ask", function () { ask("GET"); });  // a signature sent
    ask("GET");
    setInterval(function () { ask("GET"); }, 3000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
