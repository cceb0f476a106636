// A digital table's seat (issue 32): plain modern JavaScript, no build step. The server
// sends this seat's view over a WebSocket (its own hand only) after every move; the page
// shows the hand sorted, lets the player select cards by tapping them, and offers the legal
// moves the server listed that take exactly the selected cards (or none: draw, pick up).
// Every move is checked again by the server; a refusal is shown as sent.
const root = document.getElementById("digital");
const t = (name) => root.dataset["t" + name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())] || name;
const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };
const CARD = /^(10|[2-9AJQK])([CDHS])$|^JK$/;
let view = null;
let selected = [];          // indexes into view.hand
let socket = null;
let retry = 500;

function cardFace(text) {
  const f = view && view.faces && view.faces[text];  // the view may say how its cards look
  if (f) return { label: f.label, red: f.red, name: (f.names && f.names[document.documentElement.lang]) || f.label };
  if (text === "JK") return { label: "🃏", red: false, name: "Jolly" };
  const m = CARD.exec(text);
  if (!m) return { label: text, red: false, name: text };
  return { label: m[1] + SUITS[m[2]], red: m[2] === "H" || m[2] === "D", name: text };
}

function cardEl(text, tag = "span") {
  const face = cardFace(text);
  const el = document.createElement(tag);
  el.className = "dt-card" + (face.red ? " red" : "");
  el.textContent = face.label;
  el.dataset.card = text;
  el.setAttribute("aria-label", face.name);
  return el;
}

function cardsOf(move) { return move.split(" ").filter((w) => CARD.test(w) || (view && view.faces && w in view.faces)); }

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

function label(move) {
  const words = move.split(" ");
  const kind = words[0];
  const cards = cardsOf(move).map((c) => cardFace(c).label).join(" ");
  if (kind === "layoff") return `${t("layoff")} ${Number(words[1]) + 1}: ${cards}${words.includes("low") ? " ↓" : ""}`;
  const name = t(kind === "pickup" ? "pickup" : kind);
  return cards ? `${name}: ${cards}` : name;
}

function send(data) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
}

function play(move) {
  document.getElementById("dt-error").hidden = true;
  send({ deal: view.deal, n: view.n + 1, move });
  selected = [];
}

function render() {
  if (!view) return;
  const seat = view.seat;
  const mine = view.turn === seat && !view.over;
  const status = document.getElementById("dt-status");
  status.textContent = view.over ? t(view.over_label || "over") : mine ? t("your-turn") : `${t("turn")}: ${view.turn}`;
  status.className = "dt-status" + (mine ? " mine" : "");

  const counts = document.getElementById("dt-counts");
  counts.textContent = "";
  const info = [`${t(view.deal_label || "deal")} ${view.deal}/${view.deals}`, `${t("stock")} ${view.stock}`];
  if (view.pozzetti !== undefined) info.push(`${t("pozzetti")} ${view.pozzetti}`);
  for (const [s, n] of Object.entries(view.hand_sizes || {})) if (s !== seat) info.push(`${s}: ${n}`);
  for (const [k, v] of view.counts || []) info.push(`${t(k)} ${v}`);  // what the view counts
  for (const text of info) { const b = document.createElement("span"); b.textContent = text; counts.append(b); }

  const pile = document.getElementById("dt-pile");
  pile.parentElement.hidden = !("pile" in view);
  document.querySelector(".dt-melds").hidden = !("melds" in view);
  renderPanels();
  pile.textContent = "";
  (view.pile || []).forEach((c, i, all) => {
    const el = cardEl(c);
    if (i === all.length - 1) el.classList.add("top");
    pile.append(el);
  });

  const ownLine = Object.keys(view.melds || {}).find((l) => l.includes(seat));
  for (const [id, line] of [["dt-melds-own", ownLine], ["dt-melds-other", Object.keys(view.melds || {}).find((l) => l !== ownLine)]]) {
    const box = document.getElementById(id);
    box.textContent = "";
    ((line && view.melds[line]) || []).forEach((meld, k) => {
      const row = document.createElement("div");
      row.className = "dt-meld";
      const num = document.createElement("span");
      num.className = "dt-meld-number";
      num.textContent = String(k + 1);
      row.append(num, ...meld.map((c) => cardEl(c)));
      box.append(row);
    });
  }

  const hand = document.getElementById("dt-hand");
  hand.textContent = "";
  view.hand.forEach((c, i) => {
    const el = cardEl(c, "button");
    el.type = "button";
    el.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    if (selected.includes(i)) el.classList.add("selected");
    el.addEventListener("click", () => {
      if (mine && view.moves.includes(c)) return play(c);  // a move that is this card: one tap
      selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
      render();
    });
    hand.append(el);
  });

  const moves = document.getElementById("dt-moves");
  moves.textContent = "";
  if (mine) {
    const chosen = selected.map((i) => view.hand[i]);
    const offered = view.moves.filter((m) => sameCards(cardsOf(m), chosen));
    for (const m of offered) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "dt-move";
      b.dataset.move = m;
      b.textContent = label(m);
      b.addEventListener("click", () => play(m));
      moves.append(b);
    }
    if (!chosen.length && view.moves.some((m) => cardsOf(m).length)) {
      const hint = document.createElement("p");
      hint.className = "dt-hint";
      hint.textContent = t(view.hint || "select");
      moves.append(hint);
    }
  }

  const result = document.getElementById("dt-result");
  result.hidden = !view.result && !view.sheet;
  result.textContent = "";
  if (view.result && view.result.lines) {
    const p = document.createElement("p");
    p.textContent = Object.entries(view.result.lines || {})
      .map(([line, s]) => `${line}: ${s.base} + ${s.points} = ${s.base + s.points}`).join(" · ");
    result.append(p);
  } else if (view.result && view.result.points) {
    const p = document.createElement("p");
    p.textContent = Object.entries(view.result.points).map(([k, v]) => `${k}: ${v}`).join(" · ")
      + (view.result.winner ? ` · ${t("winner")}: ${view.result.winner}` : "");
    result.append(p);
  }
  if (view.sheet) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "dt-move dt-sign";
    b.textContent = t("sign");
    b.addEventListener("click", () => send({ sign: true }));
    result.append(b);
  }
}

// The view's panels (e.g. a card turned up, the trick on the table): a label and cards,
// each card with the seat that played it when the view gives them.
function renderPanels() {
  let box = document.getElementById("dt-panels");
  if (!box) {
    box = document.createElement("div");
    box.id = "dt-panels";
    box.className = "dt-panels";
    document.querySelector(".dt-table").append(box);
  }
  box.textContent = "";
  for (const panel of view.panels || []) {
    const div = document.createElement("div");
    div.className = "dt-panel";
    div.dataset.panel = panel.label;
    const name = document.createElement("span");
    name.className = "dt-label";
    name.textContent = t(panel.label);
    const cards = document.createElement("div");
    cards.className = "dt-cards";
    panel.cards.forEach((c, i) => {
      const el = cardEl(c);
      if (panel.seats) el.dataset.seat = panel.seats[i];
      cards.append(el);
    });
    div.append(name, cards);
    box.append(div);
  }
}

function connect() {
  const url = new URL(root.dataset.socket, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "view") {
      const fresh = !view || view.deal !== data.view.deal || view.n !== data.view.n;
      view = data.view;
      if (fresh) selected = [];
      render();
    } else if (data.type === "error") {
      const box = document.getElementById("dt-error");
      box.textContent = data.message;
      box.hidden = false;
    }
  });
  socket.addEventListener("close", () => {
    document.getElementById("dt-status").textContent = t("offline");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

connect();
