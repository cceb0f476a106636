// A digital table's seat: the button that calls the arbiter and the banner of a table the
// arbiter paused (issue 32). Apart from the table's own client (digital.js): it adds its
// banner and button to the seat's page, polls the seat's /desk address (the seat's cookie
// admits it) and posts the call there. Its texts come from its own script tag.
(function () {
  "use strict";
  const me = document.currentScript;
  const url = me.dataset.url;
  let banner, button;
  function show(data) {
    if (!data || data.error) return;
    banner.textContent = data.text || "";
    banner.hidden = !data.text;
    button.disabled = !!data.called;
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
    const table = document.getElementById("digital") || document.body;
    banner = document.createElement("p");
    banner.id = "dt-desk";
    banner.setAttribute("role", "alert");
    banner.hidden = true;
    Object.assign(banner.style, {
      background: "#ffe08a", color: "#000", fontWeight: "bold", padding: ".5rem", margin: ".5rem 0",
    });
    const title = table.querySelector("h1");
    table.insertBefore(banner, title ? title.nextSibling : table.firstChild);
    const box = document.createElement("div");
    box.id = "dt-call";
    box.style.margin = "1rem 0";
    button = document.createElement("button");
    button.type = "button";
    button.textContent = me.dataset.call;
    button.addEventListener("click", function () {
      if (window.confirm(me.dataset.confirm)) ask("POST");
    });
    box.appendChild(button);
    table.appendChild(box);
    ask("GET");
    setInterval(function () { ask("GET"); }, 3000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
