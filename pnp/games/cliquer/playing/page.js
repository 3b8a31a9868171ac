/* The CliqueR page: the board as buttons over a drawing, the two players' scores, the computer's
   players, help (undo, redo, best move, finish by perfect play), the review and the link. It
   knows the rules only through engine.js (CliqueR) and says every sentence from the table pnp
   wrote into the page in its language (pnp.play.words). */
(function () {
  "use strict";
  var E = window.CliqueR, data = JSON.parse(document.getElementById("play-data").textContent);
  var W = data.words, B = data.board, RTL = data.dir === "rtl";
  var rules = new E.Rules(B.dots), n = rules.n, names = B.names, PAD = 7, G = B.grid;
  var SVG = "http://www.w3.org/2000/svg";

  // ---- sentences ------------------------------------------------------------------------------
  function num(x) {          // as pnp.i18n.number writes a whole number below 100,000
    var text = String(x);
    if (data.thousands) text = text.replace(/\B(?=(\d{3})+$)/g, "#");
    return text.replace(/[0-9#]/g, function (d) { return d === "#" ? data.thousands : data.digits[+d]; });
  }
  function isolated(text) {          // as pnp.i18n.message.isolated: Latin letters in Arabic
    return RTL && /[A-Za-z]/.test(text) ? "\u2068" + text + "\u2069" : text;
  }
  // say("key", {name: value}): a number is written with the language's digits, a string (a
  // dot's name) isolated against the page's direction, {s: text} (another sentence) as it is
  function say(key, facts) {
    facts = facts || {};
    var t = W[key];
    if (typeof t !== "string") {
      var k = facts.n, form = +t.which[k < t.which.length ? k : t.which.length - 100 + k % 100];
      t = t.forms[form];
    }
    return t.replace(/\{(\w+)\}/g, function (all, name) {
      var v = facts[name];
      if (v === undefined) return all;
      if (typeof v === "number") return num(v);
      if (typeof v === "object") return v.s;
      return isolated(v);
    });
  }
  function sentence(key, facts) { return {s: say(key, facts)}; }
  function outcome(margin) {
    if (margin === 0) return sentence("outcome.draw");
    return sentence(margin > 0 ? "outcome.first" : "outcome.second", {n: Math.abs(margin)});
  }
  function segName(k) { return names[rules.segments[k][0]] + "-" + names[rules.segments[k][1]]; }

  // ---- the game -------------------------------------------------------------------------------
  var moves = [], shown = 0;          // every move made (segment numbers); the first `shown` stand
  var state = rules.start(), chosen = null, typed = "", busy = false;
  var settings = {vs: "friend", you: 0};
  var solver = n <= B.browser_solves ? new E.Solver(rules) : null;
  var line = B.perfect ? B.perfect.line.map(function (m) { return rules.index[m[0]][m[1]]; }) : null;

  function rebuild() { state = rules.replay(moves.slice(0, shown)); }
  function over() { return rules.finished(state); }
  function computerMoves() {
    return settings.vs !== "friend" && state.toMove !== settings.you && !over();
  }
  function onLine() {                 // is the position the answer's best line so far?
    if (!line) return false;
    for (var i = 0; i < shown; i++) if (moves[i] !== line[i]) return false;
    return true;
  }
  function rng() { return Math.random(); }
  // perfect play's move here, if known: [move, "perfect"]; else the strongest player's
  function bestMove() {
    if (solver) return [solver.bestMove(state), "perfect"];
    if (onLine()) return [line[shown], "perfect"];
    return [E.lookaheadMoves(rules, state)[0], "lookahead"];
  }
  function computerMove() {
    var vs = settings.vs;
    if (vs === "perfect") return bestMove()[0];
    return E.players[vs](rules, state, rng);
  }
  function startMargin() {           // what perfect play gives from the start, if known
    if (solver) return solver.value(rules.start());
    return B.perfect ? B.perfect.margin : null;
  }

  // ---- the page -------------------------------------------------------------------------------
  var main = document.getElementById("play");
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }
  function xy(i) { return [B.dots[i][0], G - B.dots[i][1]]; }
  var span = G + 2 * PAD;

  var layout = el("div", {"class": "play-grid"});
  var area = el("div", {"class": "play-board", id: "board", role: "group",
                        "aria-label": say("board"), "aria-describedby": "play-keys",
                        "data-code": B.code, "data-moves": "", "data-scores": "0 0",
                        "data-over": "false"});
  var drawing = svg("svg", {viewBox: (-PAD) + " " + (-PAD) + " " + span + " " + span,
                            "aria-hidden": "true", focusable: "false"});
  drawing.appendChild(svg("rect", {x: 0, y: 0, width: G, height: G, "class": "square"}));
  var fills = svg("g", {}), lines = svg("g", {}), hint = svg("g", {}), marks = svg("g", {});
  [fills, lines, hint, marks].forEach(function (g) { drawing.appendChild(g); });
  var cx = 0, cy = 0;
  for (var i = 0; i < n; i++) { cx += xy(i)[0] / n; cy += xy(i)[1] / n; }
  var buttons = [];
  for (i = 0; i < n; i++) {
    var p = xy(i), dx = p[0] - cx, dy = p[1] - cy, norm = Math.max(Math.hypot(dx, dy), 1e-9);
    marks.appendChild(svg("circle", {cx: p[0], cy: p[1], r: 1.5, "class": "dot"}));
    var label = svg("text", {x: (p[0] + 4.2 * dx / norm).toFixed(1), y: (p[1] + 4.2 * dy / norm + 1.6).toFixed(1),
                             "class": "letter", "text-anchor": "middle"});
    label.textContent = names[i];
    marks.appendChild(label);
    var b = el("button", {type: "button", "class": "dot-button", "aria-pressed": "false",
                          "aria-label": say("dot", {name: names[i]}), "data-dot": names[i],
                          tabindex: i === 0 ? "0" : "-1"});
    b.style.left = ((p[0] + PAD) / span * 100) + "%";
    b.style.top = ((p[1] + PAD) / span * 100) + "%";
    b.addEventListener("click", tapped.bind(null, i));
    buttons.push(b);
  }
  area.appendChild(drawing);
  buttons.forEach(function (b) { area.appendChild(b); });
  var keys = el("p", {id: "play-keys", "class": "keys"}, say("keys"));

  var panel = el("div", {"class": "play-panel"});
  var status = el("p", {role: "status", id: "play-said", "class": "said"});
  var scores = el("div", {"class": "scores"});
  var score = [el("p", {"class": "score first"}), el("p", {"class": "score second"})];
  scores.appendChild(score[0]);
  scores.appendChild(score[1]);
  var turn = el("p", {"class": "turn"});

  var who = el("div", {"class": "who"});
  var vsLabel = el("label", {"for": "play-vs"}, say("opponent"));
  var vs = el("select", {id: "play-vs"});
  ["friend", "random", "greedy", "lookahead", "perfect"].forEach(function (key) {
    if (key === "perfect" && !solver && !line) return;
    vs.appendChild(el("option", {value: key}, say("opponent." + key)));
  });
  var sideLabel = el("label", {"for": "play-side"}, say("side"));
  var side = el("select", {id: "play-side"});
  side.appendChild(el("option", {value: "0"}, say("side.first")));
  side.appendChild(el("option", {value: "1"}, say("side.second")));
  [vsLabel, vs, sideLabel, side].forEach(function (e) { who.appendChild(e); });
  var source = el("p", {"class": "source"},
                  solver ? say("source.browser", {most: B.browser_solves}) :
                  line ? say("source.answer") : say("source.none", {most: B.browser_solves}));

  var tools = el("div", {"class": "tools"});
  function tool(key, act) {
    var b = el("button", {type: "button", id: "play-" + key}, say(key));
    b.addEventListener("click", act);
    tools.appendChild(b);
    return b;
  }
  var undoButton = tool("undo", undo), redoButton = tool("redo", redo), restartButton = tool("restart", restart);
  var bestButton = tool("best", best), finishButton = tool("finish", finish), copyButton = tool("copy", copy);
  var movesHead = el("h2", {}, say("moves"));
  var list = el("ol", {"class": "moves", id: "play-moves"});
  var review = el("section", {"class": "review", id: "play-review", "aria-labelledby": "play-review-head"});
  review.hidden = true;

  [status, scores, turn, who, source, tools, movesHead, list, review].forEach(function (e) { panel.appendChild(e); });
  var left = el("div", {"class": "play-left"});
  left.appendChild(area);
  left.appendChild(keys);
  layout.appendChild(left);
  layout.appendChild(panel);
  main.appendChild(layout);

  // ---- drawing the position -------------------------------------------------------------------
  function show() {
    while (fills.firstChild) fills.removeChild(fills.firstChild);
    while (lines.firstChild) lines.removeChild(lines.firstChild);
    while (list.firstChild) list.removeChild(list.firstChild);
    var st = rules.start();
    for (var m = 0; m < shown; m++) {
      var k = moves[m], who = st.toMove ? "second" : "first", closed = rules.closing(st, k);
      var a = xy(rules.segments[k][0]), b = xy(rules.segments[k][1]);
      closed.forEach(function (c) {
        var q = xy(c);
        fills.appendChild(svg("polygon", {points: a + " " + b + " " + q, "class": "fill " + who}));
      });
      var points = rules.play(st, k);
      lines.appendChild(svg("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], "class": "line " + who}));
      list.appendChild(el("li", {"class": who}, moveWords(m + 1, who, k, points, closed.length, st)));
    }
    var names2 = ["first", "second"];
    [0, 1].forEach(function (p) {
      var name = say(names2[p]);
      if (settings.vs !== "friend") name = say(p === settings.you ? "you" : "computer", {player: {s: name}});
      score[p].textContent = name + ": " + num(state.scores[p]);
      score[p].classList.toggle("to-move", !over() && state.toMove === p);
    });
    turn.textContent = over() ? "" : say(state.toMove ? "turn.second" : "turn.first");
    buttons.forEach(function (b, i) {
      b.setAttribute("aria-pressed", chosen === i ? "true" : "false");
    });
    area.setAttribute("data-moves", moves.slice(0, shown).map(segName).join(","));
    area.setAttribute("data-scores", state.scores[0] + " " + state.scores[1]);
    area.setAttribute("data-over", over() ? "true" : "false");
    undoButton.disabled = shown === 0 || busy;
    redoButton.disabled = shown === moves.length || busy;
    restartButton.disabled = shown === 0 || busy;
    bestButton.disabled = finishButton.disabled = over() || busy;
    vs.value = settings.vs;
    side.value = String(settings.you);
    if (hint.firstChild && !busy) while (hint.firstChild) hint.removeChild(hint.firstChild);
    showReview();
    writeLink();
  }

  // st: the position after the move
  function moveWords(number, who, k, points, triangles, st) {
    var what;
    if (!triangles) what = sentence("what.line");
    else {
      what = sentence("what.triangles", {n: triangles});
      var cliques = (points - E.LINE_POINTS - E.TRIANGLE_POINTS * triangles) / E.CLIQUE_POINTS;
      if (cliques) what = sentence("what.cliques", {n: cliques, made: what});
    }
    return say("move." + who, {n: number, a: names[rules.segments[k][0]], b: names[rules.segments[k][1]],
                                points: points, what: what, first: st.scores[0], second: st.scores[1]});
  }

  function tell(text) { status.textContent = text; }

  // ---- moves ----------------------------------------------------------------------------------
  function draw(k) {                 // a legal move made now: the redo list goes
    moves = moves.slice(0, shown);
    moves.push(k);
    shown++;
    var closed = rules.closing(state, k), who = state.toMove ? "second" : "first";
    var points = rules.play(state, k);
    chosen = null;
    var said = moveWords(shown, who, k, points, closed.length, state);
    if (over()) said += " " + endWords();
    tell(said);
    show();
  }

  function endWords() {
    var s = state.scores, margin = startMargin();
    var words = say("over", {outcome: outcome(s[0] - s[1]), first: s[0], second: s[1]});
    return words + " " + (margin === null ? say("perfect.unknown") :
                          say("perfect.start", {outcome: outcome(margin)}));
  }

  function attempt(a, b) {
    if (over()) { tell(say("refused.over")); return; }
    var why = rules.refusal(state, a, b);
    if (why === null) { draw(rules.index[a][b]); afterMove(); return; }
    chosen = why.why === "same" ? null : chosen;
    if (why.why === "same") tell(say("refused.same", {a: names[a]}));
    else if (why.why === "drawn") tell(say("refused.drawn", {a: names[Math.min(a, b)], b: names[Math.max(a, b)]}));
    else if (why.why === "crosses") {
      var s = rules.segments[why.by];
      tell(say("refused.crosses", {a: names[Math.min(a, b)], b: names[Math.max(a, b)], c: names[s[0]], d: names[s[1]]}));
    }
    chosen = null;
    show();
  }

  function tapped(i) {
    if (busy) return;
    focusDot(i);
    if (over()) { tell(say("refused.over")); return; }
    if (computerMoves()) return;
    if (chosen === null) { chosen = i; tell(say("chosen", {a: names[i]})); show(); return; }
    if (chosen === i) { chosen = null; tell(say("unchosen", {a: names[i]})); show(); return; }
    attempt(chosen, i);
  }

  function afterMove() {
    if (!computerMoves() || shown !== moves.length) return;
    busy = true;
    turn.textContent = say("thinking");
    show();
    setTimeout(function () {
      busy = false;
      if (computerMoves() && shown === moves.length) draw(computerMove());
      afterMove();
    }, 350);
  }

  // ---- help -----------------------------------------------------------------------------------
  function undo() {
    if (!shown) return;
    shown--;
    if (settings.vs !== "friend") while (shown > 0 && state && rules.replay(moves.slice(0, shown)).toMove !== settings.you) shown--;
    chosen = null;
    rebuild();
    tell("");
    show();
  }
  function redo() {
    if (shown === moves.length) return;
    shown++;
    rebuild();
    tell("");
    show();
    afterMove();
  }
  function restart() {
    moves = [];
    shown = 0;
    chosen = null;
    rebuild();
    tell("");
    show();
    afterMove();
  }
  function best() {
    if (over()) return;
    var found = bestMove(), s = rules.segments[found[0]];
    while (hint.firstChild) hint.removeChild(hint.firstChild);
    var a = xy(s[0]), b = xy(s[1]);
    hint.appendChild(svg("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], "class": "hint"}));
    tell(say(found[1] === "perfect" ? "best.perfect" : "best.lookahead", {a: names[s[0]], b: names[s[1]]}));
  }
  function finish() {
    var guessed = false;
    while (!over()) {
      var found = bestMove();
      if (found[1] !== "perfect") guessed = true;
      moves = moves.slice(0, shown);
      moves.push(found[0]);
      shown++;
      rules.play(state, found[0]);
    }
    chosen = null;
    tell((guessed ? say("finish.unknown") + " " : "") + endWords());
    show();
  }
  function link() {
    var here = location.href.split("#")[0];
    return here + "#" + fragment();
  }
  function fragment() {
    return "code=" + B.code + "&moves=" + moves.slice(0, shown).map(segName).join(",") +
      "&vs=" + settings.vs + "&you=" + (settings.you ? "second" : "first");
  }
  function writeLink() {
    try { history.replaceState(null, "", "#" + fragment()); } catch (e) { /* a page that may not */ }
  }
  function copy() {
    var text = link();
    var failed = function () { tell(say("copy.failed", {link: text})); };
    try {
      navigator.clipboard.writeText(text).then(function () { tell(say("copied")); }, failed);
    } catch (e) { failed(); }
  }

  // ---- the review -----------------------------------------------------------------------------
  function showReview() {
    while (review.firstChild) review.removeChild(review.firstChild);
    review.hidden = !over();
    if (!over()) return;
    review.appendChild(el("h2", {id: "play-review-head"}, say("review")));
    var lost = [], known = true, st = rules.start();
    for (var m = 0; m < shown; m++) {
      var k = moves[m];
      if (solver) {
        var margins = solver.margins(st), top = null, played = null;
        margins.forEach(function (x) { if (top === null || x[1] > top) top = x[1]; if (x[0] === k) played = x[1]; });
        if (played < top) lost.push([m, st.toMove, k, top - played]);
      } else if (!(line && line[m] === k && lost.length === 0 && known)) known = false;
      rules.play(st, k);
    }
    if (!known) { review.appendChild(el("p", {}, say("review.unknown"))); return; }
    if (!lost.length) { review.appendChild(el("p", {}, say("review.none"))); return; }
    var ul = el("ul", {});
    lost.forEach(function (x) {
      var s = rules.segments[x[2]];
      ul.appendChild(el("li", {}, say(x[1] ? "review.lost.second" : "review.lost.first",
                                      {move: x[0] + 1, a: names[s[0]], b: names[s[1]], n: x[3]})));
    });
    review.appendChild(ul);
  }

  // ---- keyboard -------------------------------------------------------------------------------
  var focused = 0;
  function focusDot(i) {
    buttons[focused].setAttribute("tabindex", "-1");
    focused = i;
    buttons[i].setAttribute("tabindex", "0");
    buttons[i].focus();
  }
  area.addEventListener("keydown", function (ev) {
    var dir = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[ev.key];
    if (dir) {
      ev.preventDefault();
      focusDot(nearest(focused, dir));
      return;
    }
    if (/^[a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      typed += ev.key.toUpperCase();
      var exact = names.indexOf(typed), longer = names.some(function (name) {
        return name.length > typed.length && name.indexOf(typed) === 0;
      });
      if (exact >= 0 && !longer) { typed = ""; tapped(exact); }
      else if (exact < 0 && !longer) { tell(say("refused.letter", {letters: typed})); typed = ""; }
    }
  });
  // the dot nearest to dot i in direction dir (on screen), weighing how far it strays sideways
  function nearest(i, dir) {
    var p = xy(i), best = i, bestCost = Infinity;
    for (var j = 0; j < n; j++) {
      if (j === i) continue;
      var q = xy(j), along = (q[0] - p[0]) * dir[0] + (q[1] - p[1]) * dir[1];
      if (along <= 0) continue;
      var aside = Math.abs((q[0] - p[0]) * dir[1] - (q[1] - p[1]) * dir[0]);
      var cost = along + 2 * aside;
      if (cost < bestCost) { bestCost = cost; best = j; }
    }
    return best;
  }

  vs.addEventListener("change", function () { settings.vs = vs.value; show(); afterMove(); });
  side.addEventListener("change", function () { settings.you = +side.value; show(); afterMove(); });

  // ---- a link is the game ---------------------------------------------------------------------
  function restore() {
    var fields = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var kv = part.split("=");
      if (kv.length === 2) fields[kv[0]] = decodeURIComponent(kv[1]);
    });
    if (fields.vs && Array.prototype.some.call(vs.options, function (o) { return o.value === fields.vs; }))
      settings.vs = fields.vs;
    if (fields.you) settings.you = fields.you === "second" ? 1 : 0;
    if (fields.code && fields.code !== B.code) return;
    if (!fields.moves) return;
    var index = {};
    names.forEach(function (name, i) { index[name] = i; });
    var parts = fields.moves.split(",");
    for (var m = 0; m < parts.length; m++) {
      var ends = parts[m].split("-"), a = index[ends[0]], b = index[ends[1]];
      if (a === undefined || b === undefined || rules.refusal(state, a, b) !== null) {
        tell(say("link.stopped", {a: ends[0] || "?", b: ends[1] || "?"}));
        break;
      }
      var k = rules.index[a][b];
      moves.push(k);
      shown++;
      rules.play(state, k);
    }
    if (over()) tell(endWords());
  }

  restore();
  show();
  afterMove();
  // a link to this page with other moves, followed from this page (or typed into its address)
  window.addEventListener("hashchange", function () {
    moves = [];
    shown = 0;
    chosen = null;
    rebuild();
    tell("");
    restore();
    show();
    afterMove();
  });
})();
