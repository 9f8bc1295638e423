// A phone at the table: join a seat, then show what the host sends and send back presses and moves.
// The host decides everything; this page only shows and asks. Presses carry performance.now() so the
// host can put them on its own clock (it pings; we answer at once with our stamp).
"use strict";

const room = new URLSearchParams(location.search).get("room") || "";
// sessionStorage, not localStorage: it survives a reload and a reconnect, but each tab has its own,
// so two tabs in one browser are two phones instead of one stealing the other's seat with a shared key.
const tokenKey = "haudrauf-seat-" + room;
const $ = (id) => document.getElementById(id);
let socket = null;
let mySeat = null;
let reclaiming = false;
let lastFlash = null;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function show(id) {
  for (const part of ["join", "unit", "table"]) $(part).hidden = part !== id;
}

function say(reason) {
  $("refusal").textContent = reason;
  $("refusal").hidden = !reason;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  socket.onopen = () => { $("status").textContent = "connected"; };
  socket.onclose = () => {
    $("status").textContent = "reconnecting…";
    mySeat = null;
    setTimeout(connect, 1000);
  };
  socket.onmessage = (event) => handle(JSON.parse(event.data));
}

const handlers = {
  room(m) {
    $("room").textContent = "Room " + m.room;
    if (mySeat !== null || reclaiming) return;  // a fresh list of free seats, for the phones still choosing
    const saved = JSON.parse(sessionStorage.getItem(tokenKey) || "null");
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
    sessionStorage.setItem(tokenKey, JSON.stringify({ seat: m.seat, token: m.token }));
    $("who").textContent = m.name + " · seat " + (m.seat + 1);
    say("");
    show("unit");
  },
  refused(m) {
    say(m.reason);
    if (reclaiming) {  // the seat is not ours any more: pick again
      reclaiming = false;
      sessionStorage.removeItem(tokenKey);
      socket.close();
    }
  },
  "seat lost"(m) {  // our key was used on another connection: that one holds the seat now
    say(m.reason);
    sessionStorage.removeItem(tokenKey);
  },
  ping(m) {
    const now = performance.now();
    send({ type: "pong", seat: mySeat, ping: m.ping, t1: now, t2: now });
  },
  unit(m) { show("unit"); showUnit(m); },
  table(m) { show("table"); showTable(m); },
};

function handle(message) {
  const handler = handlers[message.type];
  if (handler) handler(message);
}

function showJoin(seats) {
  show("join");
  const box = $("seats");
  box.replaceChildren();
  for (const s of seats) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Seat " + (s.seat + 1) + (s.taken ? " (taken)" : "");
    button.disabled = s.taken;
    button.onclick = () => send({ type: "claim", seat: s.seat, name: $("name").value.trim() || "Player" });
    box.append(button);
  }
}

function press(button) {
  send({ type: "press", seat: mySeat, button: button, t: performance.now() });
}

function flash(cue) {
  if (cue === lastFlash) return;
  lastFlash = cue;
  if (!cue) return;
  $("flash").className = cue;
  $("flash").hidden = false;
  if (navigator.vibrate) navigator.vibrate(cue === "race" ? [80, 40, 80] : 300);
  setTimeout(() => { $("flash").hidden = true; }, 400);
}

const unitWords = {
  "turn": "Your turn — press your button when you are done",
  "slap race": "HAU DRAUF — hit it now!",
  "timed out": "Time is up — press your button",
};

function showUnit(m) {
  $("light").classList.toggle("lit", m.lit);
  $("unit-state").textContent = !m.in_game ? "You are not in this game" :
    m.in_race ? unitWords["slap race"] : m.must_press ? unitWords["timed out"] :
    m.on_turn ? unitWords["turn"] : "Wait for your turn";
  turnClock = m.clock && { ...m.clock, at: performance.now() };
  $("clock").hidden = !turnClock;
  flash(m.flash);
}

// The turn clock runs down here between the host's messages; the host's next message corrects it.
let turnClock = null;
function tick() {
  if (turnClock) {
    const left = Math.max(0, turnClock.remaining_ms - (performance.now() - turnClock.at));
    $("clock-bar").style.width = (100 * left / turnClock.limit_ms) + "%";
  }
  requestAnimationFrame(tick);
}

function card(view) {
  const span = document.createElement("span");
  span.className = "card" + (view.playable ? " playable" : "");
  span.textContent = view.face || "■";
  return span;
}

function showTable(m) {
  $("prompt").textContent = m.prompt;
  say(m.refusal);
  $("info").replaceChildren(...m.info.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("hand").replaceChildren(...m.hand.map(card));
  $("moves").replaceChildren(...m.moves.map((move) => {
    const button = document.createElement("button");
    button.textContent = move.label;
    if (move.button) button.className = "button-move";
    button.onclick = () => send({ type: "move", seat: mySeat, move: move.id, t: performance.now() });
    return button;
  }));
  if (m.unit) flash(m.unit.flash);
}

// pointerdown, not click: a click fires on release, a race is decided on the touch
$("seat-button").onpointerdown = () => press("seat");
$("hau-drauf").onpointerdown = () => press("hau_drauf");
$("join").onsubmit = (event) => event.preventDefault();
connect();
requestAnimationFrame(tick);
