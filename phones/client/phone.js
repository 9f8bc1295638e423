// A phone at the table: come in (the link's token, or the typed code that gives it), join a seat, then
// show what the host sends and send back presses and moves. The host decides everything; this page only
// shows and asks. Presses carry performance.now() so the host can put them on its own clock (it pings; we
// answer at once with our stamp). The page's own words are words.js's `say`, in the reader's language.
"use strict";

const $ = (id) => document.getElementById(id);
const SCREENS = ["connecting", "door", "join", "wait", "unit", "table"];
const NAME_KEY = "haudrauf-name";  // localStorage: the same person uses the same phone next time
// sessionStorage, not localStorage: the link and the seat key survive a reload and a reconnect, but each
// tab has its own, so two tabs in one browser are two phones, not one stealing the other's seat.
const LINK_KEY = "haudrauf-link";
const SEAT_KEY = "haudrauf-seat";
// The link's token: after the # of the QR code's address (never sent to the server in a request line),
// or kept from a code typed here before.
let link = location.hash.slice(1) || sessionStorage.getItem(LINK_KEY) || "";
let socket = null;
let opened = false;  // the socket in use got in: a close after that is a lost connection, not a closed door
let retry = null;
let mySeat = null;
let myColour = "";
let reclaiming = false;
let leaving = false;  // we closed the socket ourselves: no "connection lost" banner for that
let lastFlash = null;
let noticeTimer = null;
let leaveAsked = null;  // the first tap on "Leave seat": a second one within a few seconds leaves
let myName = "";

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function show(id) {
  for (const part of SCREENS) $(part).hidden = part !== id;
  if (id !== "table") closeChooser();
}

// A line from the host about this phone (a refusal, a lost seat): red, under the header, for a while.
function notify(text, stay) {
  clearTimeout(noticeTimer);
  $("notice").textContent = text;
  $("notice").hidden = !text;
  if (text && !stay) noticeTimer = setTimeout(() => { $("notice").hidden = true; }, 6000);
}

function connect() {
  clearTimeout(retry);
  if (!link) {
    showDoor("");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const own = new WebSocket(scheme + location.host + "/ws?t=" + encodeURIComponent(link) +
                            "&lang=" + encodeURIComponent(language));
  socket = own;
  opened = false;
  own.onopen = () => {
    opened = true;
    $("offline").hidden = true;
    if (!Object.keys(words).length) useLanguage(language);  // the table was not there to serve them before
  };
  own.onclose = () => {
    if (own !== socket) return;  // replaced by a socket with a new link
    if (opened) {
      $("offline").hidden = leaving;
    } else {  // the door stayed shut: a link from before the table switched phones off and on, or no table
      showDoor(say("link_refused"));
    }
    leaving = false;
    seatGone();
    reclaiming = false;
    turnClock = null;
    retry = setTimeout(connect, opened ? 1000 : 3000);
  };
  own.onmessage = (event) => handle(JSON.parse(event.data));
}

// The code typed on the page: the host answers with the link's token, or the same refusal for anything
// wrong (a wrong code, too many tries from here or from everywhere).
async function comeIn() {
  const typed = $("code").value.trim();
  if (!typed) {
    notify(say("type_code_first"));
    return;
  }
  let answer = null;
  try {
    answer = await fetch("join", { method: "POST", body: typed });
  } catch (error) {
    answer = null;
  }
  if (!answer || !answer.ok) {
    notify(say("code_refused"));
    return;
  }
  link = (await answer.json()).token;
  sessionStorage.setItem(LINK_KEY, link);
  history.replaceState(null, "", "#" + link);  // a reload comes back in without the code
  notify("");
  show("connecting");
  connect();
}

function showDoor(why) {
  show("door");
  $("door-why").textContent = why;
  $("door-why").hidden = !why;
}

// No seat any more (freed, left, lost, or the connection closed): no name in the header, no Leave button.
function seatGone() {
  mySeat = null;
  showWho();
  $("leave").hidden = true;
  resetLeave();
}

// "Leave seat" asks once more before the seat goes: a stray tap in a game does not give it away.
function askLeave() {
  if (leaveAsked) {
    resetLeave();
    send({ type: "leave", seat: mySeat });
    return;
  }
  $("leave").textContent = say("leave_sure");
  $("leave").classList.add("sure");
  leaveAsked = setTimeout(resetLeave, 4000);
}

function resetLeave() {
  clearTimeout(leaveAsked);
  leaveAsked = null;
  $("leave").textContent = say("leave");
  $("leave").classList.remove("sure");
}

function leave() {
  leaving = true;
  socket.close();
}

const handlers = {
  room(m) {
    if (mySeat !== null || reclaiming) return;  // a fresh list of free seats, for the phones still choosing
    const saved = JSON.parse(sessionStorage.getItem(SEAT_KEY) || "null");
    if (saved) {
      reclaiming = true;
      send({ type: "reclaim", seat: saved.seat, token: saved.token });
    } else {
      showJoin(m.seats);
    }
  },
  claimed(m) {
    reclaiming = false;
    mySeat = m.seat;
    myName = m.name;
    sessionStorage.setItem(SEAT_KEY, JSON.stringify({ seat: m.seat, token: m.token }));
    showWho();
    $("leave").hidden = false;
    paintSeatColour();
    notify("");
    if ($("join").hidden === false || $("connecting").hidden === false) {
      showWait(say("you_are", { name: m.name, seat: m.seat + 1 }));
    }
  },
  refused(m) {
    notify(m.reason);
    if (reclaiming) {  // the seat is not ours any more: pick again
      sessionStorage.removeItem(SEAT_KEY);
      leave();
    }
  },
  freed(m) {  // we left the seat, or the table freed it: the seat list comes next
    sessionStorage.removeItem(SEAT_KEY);
    seatGone();
    notify(m.reason);
  },
  "seat lost"(m) {  // our key was used on another connection: that one holds the seat now
    notify(m.reason, true);
    sessionStorage.removeItem(SEAT_KEY);
    leaving = true;  // the host closes this socket now
  },
  ping(m) {
    const now = performance.now();
    send({ type: "pong", seat: mySeat, ping: m.ping, t1: now, t2: now });
  },
  wait(m) { showWait(m.text); },
  unit(m) { show("unit"); showUnit(m); },
  table(m) { show("table"); showTable(m); },
};

// The reader's language changed (words.js): what this page drew itself is drawn again in it, and the host
// is told, so it sends this phone's views in it too.
function spoke() {
  showWho();
  resetLeave();
  for (const part in drawn) delete drawn[part];
  send({ type: "language", code: language });
}

// The header: this phone's name and seat, in the reader's words (nothing before it holds a seat).
function showWho() {
  if (mySeat === null) $("who").replaceChildren();
  else $("who").replaceChildren(el("span", "dot"), el("span", "", say("who", { name: myName, seat: mySeat + 1 })));
}

function handle(message) {
  const handler = handlers[message.type];
  if (handler) handler(message);
  if ("too_slow" in message) {  // every view says whether this phone's presses are timed well enough to race
    $("slow").textContent = message.too_slow;
    $("slow").hidden = !message.too_slow;
  }
}

// --- joining -----------------------------------------------------------------------------------

// Every seat: the free ones to tap, the others greyed with why ("taken", "a bot plays it").
function showJoin(seats) {
  show("join");
  const input = $("name");
  if (!input.value) input.value = localStorage.getItem(NAME_KEY) || "";
  $("seats").replaceChildren(...seats.map((s) => {
    const button = el("button", "seat-choice");
    button.type = "button";
    button.disabled = !!s.why;
    button.append(el("span", "number", String(s.seat + 1)),
                  el("span", "seat-name", s.name || say("seat", { seat: s.seat + 1 })),
                  el("span", "seat-state", s.why || say("free")));
    button.onclick = () => claim(s.seat);
    return button;
  }));
}

function claim(seat) {
  const name = $("name").value.trim();
  if (!name) {
    notify(say("type_name_first"));
    $("name").focus();
    return;
  }
  localStorage.setItem(NAME_KEY, name);
  send({ type: "claim", seat: seat, name: name });
}

function showWait(text) {
  show("wait");
  $("wait-text").textContent = text;
}

// --- the unit: buttons, turn clock, flashes, races ------------------------------------------------

function press(button) {
  send({ type: "press", seat: mySeat, button: button, t: performance.now() });
}

function paintSeatColour() {
  document.documentElement.style.setProperty("--seat", myColour || "#3c6e55");
}

function flash(cue) {
  if (cue === lastFlash) return;
  lastFlash = cue;
  if (!cue) return;
  const box = $("flash");
  $("flash-text").textContent = say(cue === "race" ? "hau_drauf" : "time_is_up");
  box.className = "flash " + cue;
  box.hidden = false;
  if (navigator.vibrate) navigator.vibrate(cue === "race" ? [80, 40, 80] : 300);
  setTimeout(() => { box.hidden = true; }, 700);
}

function unitBanner(m) {
  if (!m.in_game) return [say("not_in_game"), "off"];
  if (m.paused) return [m.paused, "paused"];
  if (m.in_race) return m.pressed ? [say("pressed_waiting"), "wait"] : [say("hit_it_now"), "race"];
  if (m.must_press && m.state === "slap result") return [say("slowest"), "alarm"];
  if (m.must_press) return [say("time_up_take"), "alarm"];
  if (m.on_turn) return [say("your_turn"), "mine"];
  return [say("wait_turn"), "wait"];
}

function showUnit(m) {
  useColour(m.colour);
  const [text, kind] = unitBanner(m);
  $("unit-turn").textContent = text;
  $("unit-turn").className = "banner " + kind;
  $("unit-status").textContent = m.status || "";
  const seat = $("seat-button");
  seat.classList.toggle("lit", !!m.lit);
  seat.classList.toggle("urgent", !!(m.must_press || (m.in_race && !m.pressed)));
  seat.textContent = say(m.must_press ? "press_button" : m.in_race ? "hit_button" : "your_button");
  seat.disabled = $("hau-drauf").disabled = !m.in_game;
  setClock(m.clock);
  showRace($("unit-race"), m.race);
  flash(m.flash);
}

function useColour(colour) {
  if (colour && colour !== myColour) {
    myColour = colour;
    paintSeatColour();
  }
}

// After a race: everyone's time and its ±, who takes the cards, and whether the order is a guess.
function showRace(box, race) {
  box.hidden = !race;
  if (!race) return;
  const losers = new Set(race.losers);
  const rows = [...race.times].sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity)).map((r) => {
    const row = el("li", (losers.has(r.seat) ? "loser" : "") + (r.seat === mySeat ? " me" : ""));
    const time = r.ms === null ? say("no_press") :
      say("ms", { ms: Math.round(r.ms) }) + (r.pm_ms === null ? "" : " ±" + Math.round(r.pm_ms));
    row.append(el("span", "racer", r.seat === mySeat ? say("racer_you", { name: r.name }) : r.name),
               el("span", "time", time), el("span", "verdict", losers.has(r.seat) ? say("takes_cards") : ""));
    return row;
  });
  box.replaceChildren(el("p", "race-title", say("the_race")), el("ol", "", undefined));
  box.lastChild.append(...rows);
  if (race.close_call) box.append(el("p", "close-call", say("too_close")));
}

// The turn clock runs down here between the host's messages; the host's next message corrects it.
// A paused turn's clock (running: false) stands still.
let turnClock = null;
function setClock(clock) {
  turnClock = clock && { ...clock, at: performance.now() };
  for (const box of document.querySelectorAll(".clock")) box.hidden = !turnClock;
}

function tick() {
  if (turnClock) {
    const ran = turnClock.running ? performance.now() - turnClock.at : 0;
    const left = Math.max(0, turnClock.remaining_ms - ran);
    const share = turnClock.limit_ms ? left / turnClock.limit_ms : 0;
    for (const box of document.querySelectorAll(".clock")) {
      const bar = box.querySelector(".bar");
      bar.style.width = (100 * share) + "%";
      bar.className = "bar" + (share < 0.25 ? " low" : share < 0.5 ? " half" : "");
      box.querySelector(".secs").textContent = say("seconds_left", { seconds: Math.ceil(left / 1000) });
    }
  }
  requestAnimationFrame(tick);
}

// --- table mode: hand, piles, moves ----------------------------------------------------------------

let table = null;  // the last table message
let choosing = null;  // the card whose moves the chooser lists, and their ids: open while they stand

function faceWords(face) {
  return face.split("/").slice(1).join(" ").replaceAll("_", " ");
}

// The table's own picture of a face (served once, then cached); `missing`: what to do if there is none.
function picture(face, missing) {
  const image = el("img");
  image.alt = faceWords(face);
  image.src = "card/" + face + ".png?lang=" + encodeURIComponent(language);  // its words in the reader's
  image.onerror = missing;
  return image;
}

function cardNode(view, small) {
  const node = el("button", "card" + (small ? " small" : ""));
  node.type = "button";
  if (!view.face) {
    node.classList.add("back");
    node.disabled = true;
    node.setAttribute("aria-label", say("face_down"));
    return node;
  }
  node.append(picture(view.face, () => node.replaceChildren(el("span", "words", faceWords(view.face)))));
  const moves = movesWith(view.card);
  if (view.playable || moves.length) node.classList.add("playable");
  if (moves.length) node.onclick = () => chooseFor(view, moves);
  else if (view.why) node.onclick = () => notify(view.why);  // the rules' reason, as the table says it
  return node;
}

function movesWith(card) {
  return card && table ? table.moves.filter((move) => move.cards.includes(card)) : [];
}

function sendMove(move, stamp) {
  closeChooser();
  send({ type: "move", seat: mySeat, move: move.id, t: stamp ?? performance.now() });
}

// One move: made at once. Several (a wild's colour, whom to ask for it): a short list to pick from.
function chooseFor(view, moves) {
  const stamp = performance.now();
  if (moves.length === 1) {
    sendMove(moves[0], stamp);
    return;
  }
  const image = picture(view.face, () => image.remove());
  $("chooser-title").replaceChildren(image, el("span", "", say("what_to_do", { card: faceWords(view.face) })));
  $("choices").replaceChildren(...moves.map((move) => {
    const button = el("button", "choice", move.label);
    button.type = "button";
    button.onclick = () => sendMove(move);
    return button;
  }));
  $("chooser").hidden = false;
  choosing = { card: view.card, ids: moves.map((move) => move.id).join() };
}

function closeChooser() {
  $("chooser").hidden = true;
  choosing = null;
}

// A pile: its top card (or a back, or an empty place) and its count. Another seat's piles are small,
// with the count only (the label on a long press) and none of its empty ones, so six seats fit on a phone.
function pileNode(pile, small) {
  const box = el("div", "pile");
  box.title = pile.label + ": " + (pile.caption || pile.count);
  const top = pile.shown.length ? pile.shown[pile.shown.length - 1] : pile.count ? { face: null } : null;
  box.append(top ? cardNode(top, small) : el("div", "card empty" + (small ? " small" : "")));
  if (!small) box.append(el("span", "pile-label", pile.label));
  box.append(el("span", "pile-count", small ? String(pile.count) : pile.caption || String(pile.count)));
  return box;
}

// Whose turn, in a word: the table paused (and why) first, the unit's alarms (a race, a timeout), then the game's.
function tableBanner(m) {
  if (m.paused) return [m.paused, "paused"];
  if (m.unit && m.unit.in_game && (m.unit.in_race || m.unit.must_press)) return unitBanner(m.unit);
  if (m.your_turn) return [say("your_turn"), "mine"];
  const names = m.seats.filter((s) => m.waiting_for.includes(s.seat)).map((s) => s.name);
  return [names.length ? say("waiting_for", { names: names.join(", ") }) : say("waiting"), "wait"];
}

function seatChip(s, m) {
  const chip = el("div", "other" + (s.active ? " active" : "") + (s.seat === m.seat ? " me" : ""));
  chip.append(el("span", "other-name", (s.active ? "▶ " : "") + (s.seat === m.seat ? say("you") : s.name)),
              el("span", "other-cards", s.cards_text));
  if (s.score !== "" && s.score !== null) chip.append(el("span", "other-cards", String(s.score)));
  if (s.status) chip.append(el("span", "other-status", s.status));
  if (s.seat !== m.seat && s.piles.some((p) => p.count)) {
    const piles = el("div", "piles mini");
    piles.append(...s.piles.filter((p) => p.count).map((p) => pileNode(p, true)));
    chip.append(piles);
  }
  return chip;
}

function pressButton(move) {  // a move that is one of the unit's buttons: big, and sent on the touch
  const button = el("button", "big " + (move.button === "hau_drauf" ? "hau" : "seat urgent"), move.label);
  button.type = "button";
  button.onpointerdown = (event) => { event.preventDefault(); sendMove(move); };
  return button;
}

function moveButton(move) {  // a move without a card: sent on release (a scroll is no move), stamped at the touch
  const button = el("button", "move", move.label);
  button.type = "button";
  let stamp = null;
  button.onpointerdown = () => { stamp = performance.now(); };
  button.onclick = () => sendMove(move, stamp);
  return button;
}

// The host sends a table message whenever anything in it changes (the unit's clock too): a part of the
// page is drawn again only when what it shows changed, so the cards do not flicker and a tap lands.
const drawn = {};
function redraw(part, shows, draw) {
  const text = JSON.stringify(shows);
  if (drawn[part] === text) return;
  drawn[part] = text;
  $(part).replaceChildren(...draw());
}

function showTable(m) {
  table = m;
  if (choosing && movesWith(choosing.card).map((move) => move.id).join() !== choosing.ids) closeChooser();
  useColour(m.colour);
  const [banner, kind] = tableBanner(m);
  $("table-turn").textContent = banner;
  $("table-turn").className = "banner " + kind;
  $("prompt").textContent = m.prompt;
  $("refusal").textContent = m.refusal;
  $("refusal").hidden = !m.refusal;

  $("table-unit").hidden = !m.unit;
  setClock(m.unit && m.unit.clock);
  showRace($("table-race"), m.unit && m.unit.race);
  if (m.unit) flash(m.unit.flash);

  const own = m.seats.find((s) => s.seat === m.seat);
  // the unit's buttons first and big (a race is decided on the touch), then the moves that are no card
  redraw("presses", m.moves, () => m.moves.filter((move) => move.button).map(pressButton));
  redraw("others", [m.seats, m.moves, m.seat], () => m.seats.map((s) => seatChip(s, m)));
  redraw("centre", [m.centre, m.moves], () => m.centre.map((p) => pileNode(p, false)));
  redraw("hand", [m.hand, m.moves], () => m.hand.map((c) => cardNode(c, false)));
  $("hand-title").textContent = m.hand_title;
  redraw("own-piles", [own && own.piles, m.moves], () => (own ? own.piles.map((p) => pileNode(p, false)) : []));
  redraw("moves", m.moves, () => m.moves.filter((move) => !move.button && !move.cards.length).map(moveButton));
  redraw("info", m.info, () => m.info.map((line) => el("li", "", line)));
}

// pointerdown, not click: a click fires on release, a race is decided on the touch
$("seat-button").onpointerdown = (event) => { event.preventDefault(); press("seat"); };
$("hau-drauf").onpointerdown = (event) => { event.preventDefault(); press("hau_drauf"); };
$("chooser-cancel").onclick = closeChooser;
$("chooser").onclick = (event) => { if (event.target === $("chooser")) closeChooser(); };
$("name").onkeydown = (event) => { if (event.key === "Enter") $("name").blur(); };
$("come-in").onclick = comeIn;
$("code").onkeydown = (event) => { if (event.key === "Enter") comeIn(); };
$("leave").onclick = askLeave;
$("language").onchange = () => {
  localStorage.setItem(LANGUAGE_KEY, $("language").value);
  useLanguage($("language").value);
};
if (link) sessionStorage.setItem(LINK_KEY, link);
useLanguage(language).finally(connect);  // the page's words first, so the first screen reads in them
requestAnimationFrame(tick);
