// A digital table's seat (issue 32): plain modern JavaScript, no build step. The server
// sends this seat's view over a WebSocket (its own hand only) after every move, in the shape
// every game's engine answers (docs/digital-tables.md: hand, pile, areas of melds, counters,
// scores): the page knows no game. The hand is sorted, and can be reordered by dragging a
// card (pointer events) or from the keyboard (Alt+arrow moves the focused card). A move is
// one tap or one drag: tap cards to select them, then tap a card-sized target (the stock to
// draw, the discard pile to pick up or to discard the selected card, a meld to lay the
// selected cards off on it) or drag a card onto one; melds and openings are built by
// selecting their cards and tapping the offered move. Every move is checked again by the
// server; a refusal is shown as sent. A move that is one card (the whole move: a card
// played) is made by one tap on that card. The view may say how its cards look (``faces``),
// name the deal, the end and the hint (``labels``), and mark who played each card of a meld.
const root = document.getElementById("digital");
const t = (name) => root.dataset["t" + name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())] || name;
const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };
// a French card (FIBAS, Scala 40) or a Burraco Parole letter card ("?" jolly, "!" pinella)
const CARD = /^(10|[2-9AJQK])([CDHS])$|^JK$|^[A-Z?!]$/;
const LETTER_NAMES = { "?": "Jolly", "!": "Pinella" };
let view = null;
let hand = [];              // the hand in the player's order (card texts, repeats allowed)
let fresh = new Set();      // positions in ``hand`` of the cards just taken
let selected = [];          // positions in ``hand``
let socket = null;
let retry = 500;
let focusAt = null;         // the hand position to focus after a render
let drag = null;
// the view's own name for ``key`` (rendered by the server), else the page's
const L = (key) => (view && view.labels && view.labels[key]) || t(key);
// a seat the view sends as the notation's letter (N, E, S, W), named in the page's language
// (the page's ``data-t-seat-*``, ``data-t-letter-*``: «Ovest», «O» in Italian)
const seatName = (s) => root.dataset["tSeat" + s] || s;
const seatLetter = (s) => root.dataset["tLetter" + s] || s;

function cardFace(text) {
  const f = view && view.faces && view.faces[text];  // the view says how its card looks
  if (f) return { label: f.label, sub: "", red: Boolean(f.red), name: (f.names && f.names[document.documentElement.lang]) || f.label };
  const [card, stands] = text.split("=");
  if (card === "JK") {
    const as = stands ? cardFace(stands) : null;
    return { label: "★", sub: as ? as.label : "", red: false, name: as ? `${t("joker")} = ${as.name}` : t("joker") };
  }
  const m = CARD.exec(card);
  if (!m || !m[2]) return { label: card, sub: "", red: false, name: LETTER_NAMES[card] || text };  // a letter card
  return { label: m[1] + SUITS[m[2]], sub: "", red: m[2] === "H" || m[2] === "D", name: m[1] + SUITS[m[2]] };
}

function cardEl(text, tag = "span") {
  const face = cardFace(text);
  const el = document.createElement(tag);
  el.className = "dt-card" + (face.red ? " red" : "");
  el.textContent = face.label;
  if (face.sub) {
    const sub = document.createElement("small");
    sub.textContent = face.sub;
    el.append(sub);
  }
  el.dataset.card = text;
  el.setAttribute("aria-label", face.name);
  return el;
}

const cardOf = (word) => word.split("=")[0];
const isCard = (w) => CARD.test(w) || Boolean(view && view.faces && w in view.faces);
function cardsOf(move) { return move.split(" ").map(cardOf).filter(isCard); }

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

function label(move) {
  const words = move.split(" ");
  const kind = words[0];
  if (words.length === 1 && isCard(kind)) return cardFace(kind).name;  // a card played
  const cards = words.slice(1).filter((w) => isCard(cardOf(w)) || w === "|")
    .map((w) => (w === "|" ? "·" : cardFace(w).label + (w.includes("=") ? `(${cardFace(w.split("=")[1]).label})` : ""))).join(" ");
  if (kind === "layoff" || kind === "swap") return `${t(kind)} ${Number(words[1]) + 1}: ${cards}${words.includes("low") ? " ↓" : ""}`;
  const name = t(kind);
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

const mine = () => view && view.turn === view.seat && !view.over && !view.paused;
const chosen = () => selected.map((i) => hand[i]);
const offered = (cards) => (mine() ? [...view.moves, ...pickedFor(cards)].filter((m, i, all) => all.indexOf(m) === i && sameCards(cardsOf(m), cards)) : []);

// The plays the server offers for the cards selected (issue 32): a game whose list of moves
// cannot hold every play (long words, lay-offs of several cards) answers, after each
// tap, what exactly those cards can play; the answer is kept for that selection at that
// move only, beside the listed moves.
let picked = { key: "", plays: [] };
const pickKey = (deal, n, cards) => `${deal}:${n}:${[...cards].sort().join(" ")}`;
const pickedFor = (cards) => (view && picked.key === pickKey(view.deal, view.n, cards) ? picked.plays : []);
function askPlays() {
  const cards = chosen();
  if (mine() && cards.length) send({ type: "selection", cards, deal: view.deal, n: view.n });
}
function gotPlays(data) {
  picked = { key: pickKey(data.deal, data.n, data.cards || []), plays: Array.isArray(data.plays) ? data.plays : [] };
  const at = document.activeElement;  // the tapped card keeps the focus
  if (at && at.dataset && at.dataset.index !== undefined) focusAt = Number(at.dataset.index);
  render();
}
const find = (kind, cards, target) => offered(cards).find((m) => {
  const w = m.split(" ");
  return w[0] === kind && (target === undefined || w[1] === String(target));
});

// The hand as the server sorts it, the cards just taken marked; once the player has reordered
// it (this deal), the cards still held stay where the player put them and the cards just
// taken come last. A new deal, or Sort, starts again from the server's order.
let custom = false;
function reconcile(next, newDeal) {
  if (newDeal || !hand.length) { hand = [...next]; fresh = new Set(); custom = false; return; }
  const left = [...next];
  const kept = [];
  for (const c of hand) {
    const i = left.indexOf(c);
    if (i >= 0) { kept.push(c); left.splice(i, 1); }
  }
  if (!custom) {
    const taken = [...left];
    hand = [...next];
    fresh = new Set();
    for (const c of taken) {
      const i = hand.findIndex((h, k) => h === c && !fresh.has(k));
      if (i >= 0) fresh.add(i);
    }
    return;
  }
  fresh = new Set(left.map((_, k) => kept.length + k));
  hand = [...kept, ...left];
}

function moveCard(from, to) {
  if (to < 0 || to >= hand.length || from === to) return;
  const sel = selected.map((i) => hand[i]);
  const [c] = hand.splice(from, 1);
  hand.splice(to, 0, c);
  fresh = new Set();
  custom = true;
  selected = [];
  const used = new Set();
  for (const s of sel) {
    const i = hand.findIndex((h, k) => h === s && !used.has(k));
    if (i >= 0) { used.add(i); selected.push(i); }
  }
  focusAt = to;
  render();
  announce(`${cardFace(c).name}: ${to + 1}/${hand.length}`);
}

function announce(text) { document.getElementById("dt-live").textContent = text; }

// An area's state that changes during the deal (a line has taken its pozzetto) is said aloud
// once, as the players at a paper table see it happen; a new deal starts with none said.
let notes = null;
function noticeNotes(newDeal) {
  const now = Object.fromEntries((view.areas || []).filter((a) => a.note).map((a) => [a.name || a.title, a]));
  if (notes && !newDeal) {
    const changed = Object.entries(now).filter(([k, a]) => a.done && !(notes[k] && notes[k].done));
    if (changed.length) announce(changed.map(([, a]) => a.note).join(". "));
  }
  notes = now;
}

// A new empty element in the place of the one of ``id`` (its listeners and marks dropped).
function fresh_(id, className) {
  const old = document.getElementById(id);
  const el = document.createElement(old.tagName.toLowerCase());
  el.id = id;
  el.className = className;
  old.replaceWith(el);
  return el;
}

function target(el, kind, move, labelText) {
  if (move) {
    el.classList.add("dt-target");
    el.dataset.move = move;
    el.setAttribute("role", "button");
    el.removeAttribute("aria-label");
    el.tabIndex = 0;
    // the name is the move (read first, hidden on the screen) and the cards shown on it
    const said = document.createElement("span");
    said.className = "dt-visually-hidden";
    said.textContent = `${labelText || label(move)}: `;
    el.prepend(said);
    const go = () => play(move);
    el.addEventListener("click", go);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  }
  el.dataset.drop = kind;
}

function render() {
  if (!view) return;
  const seat = view.seat;
  root.dataset.deal = String(view.deal);
  root.dataset.n = String(view.n);
  root.dataset.turn = view.turn;
  root.classList.toggle("dt-done", Boolean(view.over));
  const status = document.getElementById("dt-status");
  // paused: the arbiter's banner says so (digital_call.js); the status only whose turn it is
  status.textContent = view.over ? L("over") : mine() ? t("your-turn") : `${t("turn")}: ${seatName(view.turn)}`;
  status.className = "dt-status" + (view.paused ? " paused" : mine() ? " mine" : "");
  // the phone's gestures are the game's (its engine's view says them), not the page's
  const help = document.getElementById("dt-hand-help");
  help.textContent = (view.labels && view.labels.help) || "";
  help.hidden = !help.textContent || (!view.hand.length && Boolean(view.over));
  const sel = chosen();

  const counts = document.getElementById("dt-counts");
  counts.textContent = "";
  // each count a chip of its own, its number in bold: "Tallone 28", "E: 3 carte"
  const info = [[L("deal"), `${view.deal}/${view.deals}`, ""]];
  for (const c of view.counters || []) info.push([c.title, String(c.value), ""]);
  for (const [s, n] of Object.entries(view.hand_sizes || {})) if (s !== seat) info.push([`${seatLetter(s)}:`, String(n), t(n === 1 ? "card" : "cards")]);
  for (const [name, value, unit] of info) {
    const b = document.createElement("span");
    b.className = "dt-count";
    const v = document.createElement("b");
    v.textContent = value;
    b.append(`${name} `, v, unit ? ` ${unit}` : "");
    counts.append(b);
  }

  // the stock (tap to draw) and the discard pile (tap to pick up, or to discard the card selected)
  // a stock the view counts as empty is drawn empty, not as a card's back
  const stockLeft = (view.counters || []).find((c) => c.title === t("stock"));
  const stockEmpty = Boolean(stockLeft) && stockLeft.value === 0;
  const stockEl = fresh_("dt-stock", stockEmpty ? "dt-card dt-empty" : "dt-card dt-back");
  if (stockEmpty) stockEl.textContent = "∅";
  stockEl.setAttribute("role", "img");
  stockEl.setAttribute("aria-label", stockEmpty ? `${t("stock")} 0` : t("stock"));
  const draw = !sel.length && find("draw", []);
  target(stockEl, "stock", draw, t("draw"));

  const pile = fresh_("dt-pile", "dt-cards");
  pile.closest(".dt-pile").hidden = !("pile" in view);  // a game without a discard pile
  pile.setAttribute("role", "group");
  pile.setAttribute("aria-label", t("pile"));
  (view.pile || []).forEach((c, i, all) => {
    const el = cardEl(c);
    if (i === all.length - 1) el.classList.add("top");
    pile.append(el);
  });
  if (!(view.pile || []).length) pile.append(Object.assign(document.createElement("span"), { className: "dt-card dt-empty", textContent: "∅" }));
  const discard = sel.length === 1 && find("discard", sel);
  target(pile, "pile", discard || (!sel.length && find("pickup", [])), discard ? label(discard) : t("pickup"));

  const areas = document.getElementById("dt-areas");
  areas.textContent = "";
  for (const area of view.areas || []) {
    const box = document.createElement("section");
    box.className = "dt-area" + (area.own ? " own" : "");
    if (area.name) box.dataset.area = area.name;
    const title = document.createElement("h2");
    title.className = "dt-label";
    title.textContent = area.title;
    box.append(title);
    if (area.note) {  // the area's state, as a paper table shows it (Burraco: the pozzetto taken)
      const note = document.createElement("p");
      note.className = "dt-note" + (area.done ? " done" : "");
      note.textContent = area.note;
      box.append(note);
    }
    if (!area.melds.length) {
      const none = document.createElement("p");
      none.className = "dt-none";
      none.textContent = area.empty || t("no-melds");
      box.append(none);
    }
    area.melds.forEach((meld, k) => {
      const row = document.createElement("div");
      row.className = "dt-meld";
      const num = document.createElement("span");
      num.className = "dt-meld-number";
      num.textContent = String((meld.target ?? k) + 1);
      if (area.numbered !== false) row.append(num);  // a place on the table, not a list: none
      row.append(...meld.cards.map((c, j) => {
        const el = cardEl(c);
        if (meld.seats) { el.dataset.seat = meld.seats[j]; el.dataset.seatName = seatLetter(meld.seats[j]); el.classList.add("dt-played"); }
        return el;
      }));
      if (meld.target !== null && meld.target !== undefined) {
        row.dataset.target = String(meld.target);
        const lay = sel.length ? find("layoff", sel, meld.target) || find("swap", sel, meld.target) : null;
        target(row, "meld", lay);
      }
      box.append(row);
    });
    areas.append(box);
  }

  const handBox = document.getElementById("dt-hand");
  handBox.textContent = "";
  handBox.closest(".dt-hand").hidden = !hand.length && Boolean(view.over);  // nothing left to hold
  hand.forEach((c, i) => {
    const el = cardEl(c, "button");
    el.type = "button";
    el.dataset.index = String(i);
    el.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    el.setAttribute("aria-describedby", "dt-hand-help");
    if (selected.includes(i)) el.classList.add("selected");
    if (fresh.has(i)) el.classList.add("fresh");
    el.addEventListener("pointerdown", (e) => startDrag(e, i, el));
    el.addEventListener("click", (e) => {
      if (el.dataset.dragged) { delete el.dataset.dragged; e.preventDefault(); return; }
      if (mine() && view.moves.includes(c)) { play(c); return; }  // the move is this card: one tap
      toggle(i);
    });
    el.addEventListener("keydown", (e) => {
      if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
        e.preventDefault();
        moveCard(i, i + (e.key === "ArrowLeft" ? -1 : 1));
      } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        const next = handBox.children[i + (e.key === "ArrowLeft" ? -1 : 1)];
        if (next) next.focus();
      }
    });
    handBox.append(el);
  });
  if (focusAt !== null && handBox.children[focusAt]) handBox.children[focusAt].focus();
  focusAt = null;

  const moves = document.getElementById("dt-moves");
  moves.textContent = "";
  if (mine()) {
    for (const m of offered(sel)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "dt-move";
      b.dataset.move = m;
      b.textContent = label(m);
      b.addEventListener("click", () => play(m));
      moves.append(b);
    }
    const hint = document.createElement("p");
    hint.className = "dt-hint";
    const phase = view.moves.some((m) => m === "draw") ? "draw-hint" : sel.length && !offered(sel).length ? "no-move" : "select";
    hint.textContent = view.labels && view.labels.hint ? view.labels.hint : t(phase);
    moves.append(hint);
  }

  const result = document.getElementById("dt-result");
  const scores = Array.isArray(view.scores) ? view.scores : null;
  result.hidden = !scores && !view.sheet;
  result.textContent = "";
  if (scores) {
    const h = document.createElement("h2");
    h.className = "dt-label";
    h.textContent = L("score");
    const list = document.createElement("dl");
    list.className = "dt-scores";
    for (const s of scores) {
      const dt = document.createElement("dt"); dt.textContent = s.title;
      const dd = document.createElement("dd"); dd.textContent = String(s.value);
      list.append(dt, dd);
    }
    result.append(h, list);
  }
  const every = view.sheet && Array.isArray(view.sheet_deals) ? view.sheet_deals : null;
  // the sheet to sign: every deal of the match under the last one's score, not two only
  if (every) result.append(sheetTable(every));
  const prev = document.getElementById("dt-previous");
  // the deal before's score while the next is played (at the signing the sheet has it)
  prev.hidden = !(view.previous && view.previous.scores) || Boolean(scores) || Boolean(every);
  if (!prev.hidden) {
    prev.textContent = `${L("deal")} ${view.previous.deal}: ` + view.previous.scores.map((s) => `${s.title} ${s.value}`).join(" · ");
  }
  if (view.sheet && root.dataset.signed) {  // signed already (digital_call.js asks the desk)
    const p = document.createElement("p");
    p.className = "dt-signed";
    p.setAttribute("role", "status");
    p.textContent = root.dataset.signed;
    result.append(p);
  } else if (view.sheet) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "dt-move dt-sign";
    b.textContent = t("sign");
    b.addEventListener("click", () => { send({ sign: true }); b.disabled = true; setTimeout(() => document.dispatchEvent(new CustomEvent("digital:ask")), 500); });
    result.append(b);
  }
}

// A number a score says last ("1200 + 340 = 1540", "12"), else null: the sheet's totals.
function lastNumber(value) {
  const m = /(-?\d+)\s*$/.exec(String(value));
  return m ? Number(m[1]) : null;
}

// The sheet the line signs: a row for each deal, a column for each score the engine names
// (its lines' or players'), and their totals when every score ends with a number.
function sheetTable(deals) {
  const box = document.createElement("div");
  box.className = "dt-sheet";
  // a sheet of many columns (four players) scrolls sideways: reachable from the keyboard
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", t("sheet"));
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = t("sheet");
  table.append(caption);
  // a column for each score the deals name, matched by its args (a seat, a line), not by its
  // place: a game may list them in another order each deal (Scala 40: the closer first); its
  // heading the shortest title it has (Scala 40 adds «(closed)» in the deal its player closed)
  const keyOf = (sc) => JSON.stringify(sc.args || sc.title);
  const columns = [];
  for (const d of deals) for (const sc of Array.isArray(d.scores) ? d.scores : []) {
    const k = keyOf(sc);
    const c = columns.find((x) => x.key === k);
    if (!c) columns.push({ key: k, title: sc.title });
    else if (String(sc.title).length < String(c.title).length) c.title = sc.title;
  }
  const head = table.createTHead().insertRow();
  for (const text of [L("deal"), ...columns.map((c) => c.title)]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const sums = columns.map(() => 0);
  let summed = true;
  for (const d of deals) {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(d.deal);
    row.append(th);
    columns.forEach((col, k) => {
      const sc = (Array.isArray(d.scores) ? d.scores : []).find((x) => keyOf(x) === col.key);
      const value = sc ? sc.value : "";
      const cell = row.insertCell();
      if (sc && sc.title !== col.title) cell.title = sc.title;  // e.g. the deal this one closed
      const parts = /^(.*\S)\s*=\s*(-?\d+)$/.exec(String(value));  // "250 + 505 = 755"
      if (parts) {  // the total first, how it is made under it: narrow enough for a phone
        const total = document.createElement("b");
        total.textContent = parts[2];
        const made = document.createElement("small");
        made.textContent = parts[1];
        cell.append(total, made);
        cell.setAttribute("aria-label", String(value));
      } else cell.textContent = String(value);
      const n = lastNumber(value);
      if (n === null) summed = false; else sums[k] += n;
    });
  }
  if (summed && deals.length > 1) {
    const row = table.createTFoot().insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = t("total");
    row.append(th);
    for (const n of sums) row.insertCell().textContent = String(n);
  }
  box.append(table);
  return box;
}

function toggle(i) {
  selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
  focusAt = i;
  render();
  askPlays();
}

// Dragging a hand card: onto another hand card to reorder, onto the discard pile to discard
// it, onto a meld to lay it (with the other selected cards) off. A press that does not move
// is a tap (the click selects).
function startDrag(e, i, el) {
  if (e.button !== undefined && e.button !== 0) return;
  drag = { i, el, x: e.clientX, y: e.clientY, ghost: null, over: null };
  el.setPointerCapture?.(e.pointerId);
  el.addEventListener("pointermove", onDrag);
  el.addEventListener("pointerup", endDrag, { once: true });
  el.addEventListener("pointercancel", cancelDrag, { once: true });
}

function dropAt(x, y) {
  const under = document.elementsFromPoint(x, y).find((n) => n !== drag.ghost && !drag.ghost?.contains(n) && n.closest?.("[data-drop],[data-index]"));
  return under ? under.closest("[data-drop],[data-index]") : null;
}

function onDrag(e) {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
    drag.ghost = drag.el.cloneNode(true);
    drag.ghost.className += " dt-ghost";
    drag.ghost.setAttribute("aria-hidden", "true");
    document.body.append(drag.ghost);
    drag.el.classList.add("dragging");
  }
  // near the screen's top or bottom edge the page scrolls, so that every meld can be reached
  const edge = 48;
  if (e.clientY < edge) window.scrollBy(0, -12);
  else if (e.clientY > window.innerHeight - edge) window.scrollBy(0, 12);
  drag.ghost.style.left = `${e.clientX - 20}px`;
  drag.ghost.style.top = `${e.clientY - 30}px`;
  const over = dropAt(e.clientX, e.clientY);
  if (over !== drag.over) {
    drag.over?.classList.remove("dt-over");
    over?.classList.add("dt-over");
    drag.over = over;
  }
}

function cancelDrag() {
  if (!drag) return;
  drag.ghost?.remove();
  drag.el.classList.remove("dragging");
  drag.over?.classList.remove("dt-over");
  drag.el.removeEventListener("pointermove", onDrag);
  drag = null;
}

function endDrag(e) {
  if (!drag) return;
  const { i, el, ghost } = drag;
  const over = ghost ? dropAt(e.clientX, e.clientY) : null;
  cancelDrag();
  if (!ghost) return; // a tap: the click selects
  el.dataset.dragged = "1";
  const cards = selected.includes(i) ? chosen() : [hand[i]];
  if (!over) return;
  if (over.dataset.index !== undefined) { moveCard(i, Number(over.dataset.index)); return; }
  let move = null;
  if (over.dataset.drop === "pile") move = find("discard", [hand[i]]);
  else if (over.dataset.drop === "meld") move = find("layoff", cards, over.dataset.target) || find("swap", [hand[i]], over.dataset.target);
  if (move) play(move);
  else {
    const box = document.getElementById("dt-error");
    box.textContent = t("no-move");
    box.hidden = false;
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
      const moved = !view || view.deal !== data.view.deal || view.n !== data.view.n;
      const newDeal = !view || view.deal !== data.view.deal;
      view = data.view;
      // the arbiter's banner (digital_call.js) follows the view: a pause comes with it at once
      document.dispatchEvent(new CustomEvent("digital:view", { detail: { paused: Boolean(view.paused), called: Boolean(view.called) } }));
      if (moved) { selected = []; reconcile(view.hand, newDeal); }
      render();
      noticeNotes(newDeal);
    } else if (data.type === "selection") {
      gotPlays(data);
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

document.getElementById("dt-sort").addEventListener("click", () => {
  if (!view) return;
  hand = [...view.hand];
  fresh = new Set();
  custom = false;
  selected = [];
  render();
});

document.addEventListener("digital:signed", render);
connect();
