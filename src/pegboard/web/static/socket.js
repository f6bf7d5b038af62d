// One table's WebSocket: hello with the seat's token and the last seq seen, automatic
// reconnection with backoff, and resync (the server answers a full state on every hello).
// It asks for updates (docs/web.md): after the first full state, each state comes as what
// changed since the one before, and this file makes the full state of it again.

const FIRST_DELAY = 500; // ms before the first retry
const MAX_DELAY = 15000;
const PING_EVERY = 25000; // keeps proxies from closing an idle connection
// Close codes after which trying again cannot help (docs/web.md): a bad token, a seat given
// up (or taken by someone who joined), no such table, a stored table that cannot be opened.
// Too many sockets (4429) is worth another try later: the backoff gives it one, as is a
// spectator closed for its silence (4408, a page asleep). A seat opened in another window
// (4409) is not: the two would take it from each other for ever.
const FINAL_CLOSES = new Set([4401, 4403, 4404, 4409, 4422]);
const FINAL_ERRORS = new Set(["auth", "no_table", "unusable", "elsewhere"]);

export class TableSocket {
  // handlers: {state(msg), error(msg), hint(msg), status(text key), closedForGood(msg),
  // chat(msg) (optional: chat, chat_history and reported; the hello asks for the chat)}
  constructor(tableId, credentials, handlers) {
    this.tableId = tableId;
    this.seat = credentials.seat;
    this.token = credentials.token;
    this.player = Boolean(credentials.player); // the seat opened by the player's identity
    this.chat = Boolean(handlers.chat); // the table's chat asked for: its lines come too
    this.handlers = handlers;
    this.lang = "en";
    this.seq = -1; // nothing seen yet
    this.takebacks = 0; // the match's moves taken back, as the last state said
    this.last = null; // the last full state, which the next update changes
    this.delay = FIRST_DELAY;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.stopped) return;
    this.handlers.status("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      const hello = {
        type: "hello",
        since: Math.max(this.seq, 0),
        lang: this.lang,
        updates: true,
      };
      if (this.chat) hello.chat = true;
      if (this.seat !== null && this.seat !== undefined) {
        hello.seat = this.seat;
        if (this.player) hello.player = true;
        else hello.token = this.token;
      }
      ws.send(JSON.stringify(hello));
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      // An update builds on the states of its own socket only: an old one's are dropped.
      if (this.ws === ws) this.receive(event.data);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return; // an old socket closing after a newer one opened
      this.ws = null;
      if (!this.stopped && FINAL_CLOSES.has(event.code)) {
        this.stopped = true;
        this.handlers.closedForGood({ code: event.code, message: "" });
      }
      if (this.stopped) return;
      this.handlers.status("reconnecting");
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
    });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // the server speaks JSON only; ignore anything else
    }
    if (message.type === "update") {
      if (!this.last) return; // cannot happen: a socket's first state is whole
      message = applyUpdate(this.last, message);
    }
    switch (message.type) {
      case "state": {
        this.last = message; // what the server told this socket, shown or not
        this.delay = FIRST_DELAY; // a good answer: the connection works again
        this.handlers.status("connected");
        // A state older than one already shown (a late message on an old socket) is
        // dropped; an equal seq may carry a new language, so it is shown.
        // A takeback makes the seq smaller in the same match: its count says it is newer.
        const takebacks = (message.table && message.table.takebacks) || 0;
        if (
          typeof message.seq === "number" &&
          message.seq < this.seq &&
          message.match === this.match &&
          takebacks === (this.takebacks || 0)
        ) {
          return;
        }
        this.seq = message.seq;
        this.match = message.match;
        this.takebacks = takebacks;
        this.handlers.state(message);
        break;
      }
      case "error":
        if (FINAL_ERRORS.has(message.code)) {
          // A bad or replaced token, or no such table: retrying would only fail again.
          this.stopped = true;
          this.handlers.closedForGood(message);
        } else {
          this.handlers.error(message);
        }
        break;
      case "hint":
        this.handlers.hint(message);
        break;
      case "chances":
        if (this.handlers.chances) this.handlers.chances(message);
        break;
      case "chat":
      case "chat_history":
      case "reported":
        if (this.handlers.chat) this.handlers.chat(message);
        break;
      default:
        break; // pong and anything newer
    }
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  act(action) {
    return this.send({ type: "act", action, seq: this.seq });
  }

  setLanguage(code) {
    this.lang = code;
    this.send({ type: "lang", lang: code });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

// The state that an update makes of the one before (a new object: the page may keep the
// old one): its changed keys replaced, its grown lists extended, its gone keys removed.
export function applyUpdate(state, update) {
  const view = { ...state.view };
  for (const key of update.gone || []) delete view[key];
  Object.assign(view, update.view);
  for (const [key, items] of Object.entries(update.append || {})) {
    view[key] = [...view[key], ...items];
  }
  return {
    type: "state",
    seq: update.seq,
    match: update.match,
    table: "table" in update ? update.table : state.table,
    you: update.you,
    view,
  };
}
