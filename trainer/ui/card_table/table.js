// The card table: seats (you at the bottom, the lower player 下家 on your right, the upper
// player 上家 on your left), piles with each card's origin, the card on offer, your hand, and
// the action buttons. A tap selects a card here, in the browser: no server round trip. Each
// action sends one trigger {action, cards, seq} with the selected cards' indices.
const selections = new Map();
// Every card picture this page was sent, by code: a table carries only the ones not sent
// before. One missing (a run cut short before its table arrived) is drawn as its name and
// asked for: the next run sends every picture again.
const pictures = new Map();
let missing = false;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function cardNode(card, size) {
  const box = el("div", `card ${size}` + (card.tone ? ` tone-${card.tone}` : ""));
  const picture = pictures.get(card.code);
  if (picture) {
    box.innerHTML = picture;
  } else {
    missing = true;
    box.appendChild(el("div", "card-name", card.alt || card.code));
  }
  box.setAttribute("data-code", card.code);
  if (card.alt) box.setAttribute("aria-label", card.alt);
  if (card.label) box.appendChild(el("div", "card-label", card.label));
  return box;
}

function meldsNode(melds, size) {
  const row = el("div", "melds");
  for (const meld of melds) {
    const group = el("div", "meld");
    const cards = el("div", "meld-cards");
    for (const card of meld.cards) cards.appendChild(cardNode(card, size));
    group.appendChild(cards);
    if (meld.caption) group.appendChild(el("div", "meld-caption", meld.caption));
    row.appendChild(group);
  }
  return row;
}

function pileNode(pile, title) {
  const box = el("div", "pile");
  if (title) { box.appendChild(el("div", "pile-title", title)); box.title = title; }
  const row = el("div", "pile-cards");
  for (const card of pile) row.appendChild(cardNode(card, "tiny"));
  box.appendChild(row);
  return box;
}

function seatNode(seat) {
  const box = el("div", `seat seat-${seat.place}` + (seat.to_act ? " to-act" : ""));
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", seat.name));
  if (seat.dealer) head.appendChild(el("span", "badge", seat.dealer));
  if (seat.hidden !== null && seat.hidden !== undefined) {
    head.appendChild(el("span", "hidden-count", seat.hidden_text));
  }
  box.appendChild(head);
  if (seat.hand && seat.hand.length) {
    const row = el("div", "open-hand");
    for (const card of seat.hand) row.appendChild(cardNode(card, "small"));
    box.appendChild(row);
  }
  // the sets and the pile side by side, what passed under them: on a phone each is one line
  // (scrolled sideways when long), so the learner's hand and buttons stay on the screen
  const row = el("div", "seat-row");
  if (seat.melds.length) row.appendChild(meldsNode(seat.melds, "tiny"));
  if (seat.pile.length) row.appendChild(pileNode(seat.pile, seat.pile_title));
  if (row.childNodes.length) box.appendChild(row);
  if (seat.passed && seat.passed.length) {
    const passed = pileNode(seat.passed, seat.passed_title);
    passed.classList.add("passed");
    box.appendChild(passed);
    if (seat.passed_help) {
      // a hover title is no help on a phone: a tap on the row's name says what it proves
      passed.title = seat.passed_help;
      const name = passed.querySelector(".pile-title");
      const help = el("div", "passed-help", seat.passed_help);
      help.hidden = true;
      name.classList.add("explains");
      name.setAttribute("role", "button");
      name.setAttribute("tabindex", "0");
      name.setAttribute("aria-expanded", "false");
      const toggle = () => {
        help.hidden = !help.hidden;
        name.setAttribute("aria-expanded", String(!help.hidden));
      };
      name.addEventListener("click", toggle);
      name.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
      });
      box.appendChild(help);
    }
  }
  return box;
}

// An element of the page (its Streamlit key) scrolled to if out of sight: one above the table
// to its top (a hand's result), one below it just into view (a lesson's hint after a miss, on a
// phone under the cards), so that as much of the table as fits stays on the screen.
function bringIntoView(key) {
  const target = document.querySelector(`.st-key-${CSS.escape(key)}`);
  if (!target) return;
  const box = target.getBoundingClientRect();
  if (box.top < 0) target.scrollIntoView({ behavior: "smooth", block: "start" });
  else if (box.bottom > window.innerHeight) {
    target.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }
}

// The cards tapped on a table, kept in the tab's sessionStorage: a reload (or a phone that
// drops the page while the learner looks away) finds the same cards still chosen. One entry per
// table, for its current position (seq) only.
function keepChoice(id, state) {
  try {
    sessionStorage.setItem("d14-chosen:" + id,
      JSON.stringify({ seq: state.seq, cards: Array.from(state.chosen) }));
  } catch (error) { /* storage off or full: the choice lives in this page only */ }
}

function keptChoice(id, seq, size) {
  try {
    const kept = JSON.parse(sessionStorage.getItem("d14-chosen:" + id) || "null");
    if (!kept || kept.seq !== seq || !Array.isArray(kept.cards)) return null;
    return kept.cards.filter((index) => Number.isInteger(index) && index >= 0 && index < size);
  } catch (error) {
    return null;
  }
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = JSON.parse(new TextDecoder().decode(component.data)); // bytes of JSON
  const root = parentElement.querySelector(".d14-table") || el("div", "d14-table");
  if (!root.parentNode) parentElement.appendChild(root);
  root.innerHTML = "";
  root.classList.remove("pending");
  root.removeAttribute("data-answered");
  root.setAttribute("data-seq", data.seq);
  root.classList.toggle("compact", !!data.compact);
  for (const [code, svg] of Object.entries(data.art)) pictures.set(code, svg);
  missing = false;
  const id = data.id;
  let state = selections.get(id);
  const moved = !state || state.seq !== data.seq;
  if (moved) {
    const kept = keptChoice(id, data.seq, data.hand.length);
    state = { seq: data.seq, chosen: new Set(kept || data.preselected || []) };
    selections.set(id, state);
    keepChoice(id, state);  // the table moved on: an earlier position's taps are forgotten
    if (data.show_first) setTimeout(() => bringIntoView(data.show_first), 250);
  }

  if (data.seats && data.seats.length) {
    // three at the table: no one opposite, so the two side seats take the room
    const board = el("div", "board" + (data.seats.some(s => s.place === "top") ? "" : " no-top"));
    for (const seat of data.seats) board.appendChild(seatNode(seat));
    const centre = el("div", "centre");
    if (data.centre_note) centre.appendChild(el("div", "centre-note", data.centre_note));
    // over your own pile its title says it (shown again where a phone hides that title)
    const mine = data.my_pile && data.my_pile.length ? " beside-mine" : "";
    if (data.legend) centre.appendChild(el("div", "legend" + mine, data.legend));
    if (data.stock !== null && data.stock !== undefined) {
      centre.appendChild(el("div", "stock", data.stock_text));
    }
    if (data.offer) {
      const offer = el("div", "offer");
      offer.appendChild(cardNode(data.offer.card, "medium"));
      offer.appendChild(el("div", "offer-caption", data.offer.caption));
      centre.appendChild(offer);
    }
    board.appendChild(centre);
    root.appendChild(board);
  } else if (data.offer) {  // no seats drawn: the card on offer still shows, with its origin
    const offer = el("div", "offer offer-alone");
    offer.appendChild(cardNode(data.offer.card, "medium"));
    offer.appendChild(el("div", "offer-caption", data.offer.caption));
    root.appendChild(offer);
  }

  const mine = el("div", "mine");
  // your name, your sets and your pile in one row, above your hand: a row less to scroll past
  const laid = el("div", "mine-row");
  if (data.my_name) {
    const head = el("div", "seat-head");
    head.appendChild(el("span", "seat-name", data.my_name));
    if (data.my_dealer) head.appendChild(el("span", "badge", data.my_dealer));
    laid.appendChild(head);
  }
  if (data.my_melds && data.my_melds.length) laid.appendChild(meldsNode(data.my_melds, "small"));
  if (data.my_pile && data.my_pile.length) laid.appendChild(pileNode(data.my_pile, data.my_pile_title));
  if (laid.childNodes.length) mine.appendChild(laid);

  const hand = el("div", "hand" + (data.selectable ? " selectable" : ""));
  const buttons = [];
  let need = null;
  const refresh = () => {
    hand.querySelectorAll(".card").forEach((node, index) => {
      node.classList.toggle("chosen", state.chosen.has(index));
      node.setAttribute("aria-pressed", state.chosen.has(index) ? "true" : "false");
    });
    // every button looks alike whatever is selected (a greyed 吃 would hint that it is not
    // allowed); one pressed with too few or too many cards says what to tap instead
    for (const [button, action] of buttons) button.classList.toggle("waiting", !ready(action));
    if (need) { need.textContent = ""; need.hidden = true; }
    if (count) {
      count.textContent = state.chosen.size ? data.selected_text.replace("{n}", String(state.chosen.size)) : "";
    }
    if (detail) {
      const only = state.chosen.size === 1 ? data.hand[Array.from(state.chosen)[0]] : null;
      detail.textContent = only && only.detail ? only.detail : "";
      detail.hidden = !detail.textContent;
    }
  };
  // An answer shows at once (the server's new table follows a round trip later): the cards
  // played lift away, the buttons rest, the pressed one says so; a second press of this table
  // is not sent. Should no new table come (a lost connection), the table wakes again.
  const ready = (action) => {
    const n = state.chosen.size;
    return (action.min === 0 && action.max === 0) || (n >= action.min && n <= action.max);
  };
  const fire = (action) => {
    if (root.classList.contains("pending")) return;
    if (!ready(action)) {
      if (need) {
        const n = state.chosen.size;
        const key = n > action.max && data.need_text.fewer ? "fewer"
          : action.min !== action.max ? "range" : action.min === 1 ? "one" : "count";
        need.textContent = (data.need_text[key] || "").replace("{action}", action.label)
          .replace("{min}", String(action.min)).replace("{max}", String(action.max))
          .replace("{n}", String(n));
        need.hidden = !need.textContent;
      }
      return;
    }
    const wantsCards = !(action.min === 0 && action.max === 0);
    const cards = wantsCards ? Array.from(state.chosen).sort((a, b) => a - b) : [];
    root.classList.add("pending");
    root.setAttribute("data-answered", String(performance.now()));
    hand.querySelectorAll(".card").forEach((node, index) => {
      node.classList.toggle("leaving", cards.includes(index));
    });
    for (const [button, known] of buttons) {
      button.disabled = true;
      button.classList.toggle("pressed", known === action);
    }
    setTriggerValue("action", { action: action.id, cards, seq: data.seq });
    setTimeout(() => {
      if (root.classList.contains("pending") && root.getAttribute("data-seq") === String(data.seq)) {
        root.classList.remove("pending");
        root.removeAttribute("data-answered");
        hand.querySelectorAll(".card.leaving").forEach((node) => node.classList.remove("leaving"));
        buttons.forEach(([button]) => { button.disabled = false; button.classList.remove("pressed"); });
        refresh();
      }
    }, 10000);
  };
  data.hand.forEach((card, index) => {
    const node = cardNode(card, "large");
    if (data.selectable) {
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      const tap = () => {
        if (state.chosen.has(index)) {
          if (data.tap_again) {
            const again = data.actions.find((a) => a.id === data.tap_again);
            if (again && state.chosen.size >= again.min && state.chosen.size <= again.max) {
              fire(again);
              return;
            }
          }
          state.chosen.delete(index);
        } else {
          if (!data.multi) state.chosen.clear();
          state.chosen.add(index);
        }
        keepChoice(id, state);
        refresh();
      };
      node.addEventListener("click", tap);
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); tap(); }
      });
    }
    else if (data.need_text && data.need_text.still && data.actions && data.actions.length) {
      // no button here takes a card (a claim): a tap says so, rather than doing nothing
      node.addEventListener("click", () => {
        if (need && !root.classList.contains("pending")) {
          need.textContent = data.need_text.still;
          need.hidden = false;
        }
      });
    }
    hand.appendChild(node);
  });
  // the hand with the question and its buttons beside it (below it on a narrow screen), so a
  // turn needs no scrolling
  if (data.hand_title) mine.appendChild(el("div", "hand-title", data.hand_title));
  const handRow = el("div", "hand-row");
  handRow.appendChild(hand);
  const side = el("div", "hand-side");
  handRow.appendChild(side);
  mine.appendChild(handRow);
  const count = data.selectable && data.multi && data.selected_text ? el("div", "count") : null;
  if (count) mine.appendChild(count);
  const detail = data.hand.some((card) => card.detail) ? el("div", "detail") : null;
  if (detail) { detail.setAttribute("aria-live", "polite"); mine.appendChild(detail); }

  if (data.prompt) side.appendChild(el("div", "prompt", data.prompt));
  if (data.actions && data.actions.length) {
    const bar = el("div", "actions");
    for (const action of data.actions) {
      const button = el("button", "action" + (action.primary ? " primary" : ""), action.label);
      button.type = "button";
      button.setAttribute("data-action", action.id);
      button.addEventListener("click", () => fire(action));
      buttons.push([button, action]);
      bar.appendChild(button);
    }
    side.appendChild(bar);
    if (data.need_text) {
      need = el("div", "need");
      need.setAttribute("aria-live", "polite");
      need.hidden = true;
      side.appendChild(need);
    }
  }
  if (!side.childNodes.length) side.remove();
  root.appendChild(mine);
  refresh();
  // a new decision whose hand or buttons lie below the screen (a late table on a phone, or a
  // page opened at its top) is brought up to them: the learner never hunts for their cards
  // and the question asked above the table is brought down into sight first, when the page
  // was left scrolled below it (the last answer read further down): the hand still wins
  if (moved && !data.show_first && data.actions && data.actions.length) {
    const asked = data.question && document.querySelector(`.st-key-${CSS.escape(data.question)}`);
    if (asked && asked.getBoundingClientRect().top < 0) asked.scrollIntoView({ block: "start" });
    if (mine.getBoundingClientRect().bottom > window.innerHeight) {
      mine.scrollIntoView({ block: "nearest" });
    }
  }
  if (missing && !data.every_picture) setTriggerValue("missing", true);
}
