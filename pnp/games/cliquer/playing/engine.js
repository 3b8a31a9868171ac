/* CliqueR's rules in the browser: the same as pnp/games/cliquer/rules.py, held to it move by
   move by tests/games/cliquer/test_cliquer_play_engine.py (thousands of games in node).

   A move draws the segment between two dots that are not joined yet and crosses no drawn
   segment. It scores 1 for the line, 3 for each triangle it completes and 5 for each 4-clique it
   completes. Segments are numbered as Python's itertools.combinations(range(n), 2) numbers them,
   so "the first move in segment order" means the same here and there. Geometry is exact: the
   coordinates are whole numbers of at most 255, so every product below is an exact integer. */
(function (root) {
  "use strict";

  var LINE_POINTS = 1, TRIANGLE_POINTS = 3, CLIQUE_POINTS = 5;

  function orient(a, b, c) {
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  }

  // rules.py's segments_cross: interior crossing only; segments sharing a dot never cross
  function segmentsCross(a, b, c, d) {
    if (same(a, c) || same(a, d) || same(b, c) || same(b, d)) return false;
    var o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    return (o1 > 0) !== (o2 > 0) && (o3 > 0) !== (o4 > 0) && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0;
  }

  function same(p, q) { return p[0] === q[0] && p[1] === q[1]; }

  function hullSize(dots) {
    var pts = dots.slice().sort(function (p, q) { return p[0] - q[0] || p[1] - q[1]; });
    if (pts.length <= 2) return pts.length;
    function half(points) {
      var out = [];
      points.forEach(function (p) {
        while (out.length >= 2 && orient(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
        out.push(p);
      });
      return out;
    }
    return half(pts).length - 1 + half(pts.slice().reverse()).length - 1;
  }

  function Rules(dots) {
    var n = dots.length, segments = [], index = [], i, j, k, l;
    this.dots = dots.map(function (d) { return [d[0], d[1]]; });
    this.n = n;
    for (i = 0; i < n; i++) index.push(new Array(n).fill(-1));
    for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) {
      index[i][j] = index[j][i] = segments.length;
      segments.push([i, j]);
    }
    var crossing = segments.map(function () { return []; });
    for (k = 0; k < segments.length; k++) for (l = k + 1; l < segments.length; l++) {
      var s = segments[k], t = segments[l];
      if (segmentsCross(dots[s[0]], dots[s[1]], dots[t[0]], dots[t[1]])) {
        crossing[k].push(l);
        crossing[l].push(k);
      }
    }
    this.segments = segments;
    this.index = index;
    this.crossing = crossing;
    this.movesInGame = 3 * n - 3 - hullSize(dots);
  }

  // A position: drawn[k] and open[k] per segment, joined[a * n + b] per pair of dots, the two
  // scores, who moves next (0 first, 1 second) and the moves so far.
  Rules.prototype.start = function () {
    var S = this.segments.length;
    return {drawn: new Uint8Array(S), open: new Uint8Array(S).fill(1),
            joined: new Uint8Array(this.n * this.n), scores: [0, 0], toMove: 0, moves: []};
  };

  Rules.prototype.copy = function (st) {
    return {drawn: st.drawn.slice(), open: st.open.slice(), joined: st.joined.slice(),
            scores: st.scores.slice(), toMove: st.toMove, moves: st.moves.slice()};
  };

  Rules.prototype.legalMoves = function (st) {
    var out = [];
    for (var k = 0; k < st.open.length; k++) if (st.open[k]) out.push(k);
    return out;
  };

  Rules.prototype.finished = function (st) {
    for (var k = 0; k < st.open.length; k++) if (st.open[k]) return false;
    return true;
  };

  // What segment k would score now: rules.py's move_points
  Rules.prototype.points = function (st, k) {
    var n = this.n, a = this.segments[k][0], b = this.segments[k][1], J = st.joined;
    var common = [], c, d, cliques = 0;
    for (c = 0; c < n; c++) if (J[a * n + c] && J[b * n + c]) common.push(c);
    for (c = 0; c < common.length; c++) for (d = c + 1; d < common.length; d++)
      if (J[common[c] * n + common[d]]) cliques++;
    return LINE_POINTS + TRIANGLE_POINTS * common.length + CLIQUE_POINTS * cliques;
  };

  // The dots that close a triangle with segment k now (for drawing what a move made)
  Rules.prototype.closing = function (st, k) {
    var n = this.n, a = this.segments[k][0], b = this.segments[k][1], out = [];
    for (var c = 0; c < n; c++) if (st.joined[a * n + c] && st.joined[b * n + c]) out.push(c);
    return out;
  };

  // Why the line between dots a and b may not be drawn now: null if it may; else
  // {why: "same"|"drawn"|"crosses"|"unknown", by: the drawn segment it crosses}
  Rules.prototype.refusal = function (st, a, b) {
    var n = this.n;
    if (!(a >= 0 && a < n && b >= 0 && b < n && a === Math.floor(a) && b === Math.floor(b)))
      return {why: "unknown"};
    if (a === b) return {why: "same"};
    var k = this.index[a][b];
    if (st.drawn[k]) return {why: "drawn"};
    if (st.open[k]) return null;
    var cross = this.crossing[k];
    for (var i = 0; i < cross.length; i++) if (st.drawn[cross[i]]) return {why: "crosses", by: cross[i]};
    return {why: "unknown"};      // cannot happen: a closed segment is drawn or crossed
  };

  // Draws segment k (it must be legal); returns its points
  Rules.prototype.play = function (st, k) {
    if (!(k >= 0 && k < st.open.length) || !st.open[k]) throw new Error("segment " + k + " is not a legal move here");
    var points = this.points(st, k), a = this.segments[k][0], b = this.segments[k][1], n = this.n;
    st.drawn[k] = 1;
    st.open[k] = 0;
    this.crossing[k].forEach(function (l) { st.open[l] = 0; });
    st.joined[a * n + b] = st.joined[b * n + a] = 1;
    st.scores[st.toMove] += points;
    st.toMove = 1 - st.toMove;
    st.moves.push(k);
    return points;
  };

  // The position after the moves (segment numbers) from the start; null if one is not legal
  Rules.prototype.replay = function (moves) {
    var st = this.start();
    for (var i = 0; i < moves.length; i++) {
      if (!st.open[moves[i]]) return null;
      this.play(st, moves[i]);
    }
    return st;
  };

  // ---- players: players.py's rungs. Ties are broken by the rng given (a function returning
  // a number in [0, 1)), over the tied moves in segment order, as there.

  function choice(list, rng) { return list[Math.floor(rng() * list.length)]; }

  function randomPlayer(rules, st, rng) { return choice(rules.legalMoves(st), rng); }

  function greedyPlayer(rules, st, rng) { return choice(greedyMoves(rules, st), rng); }

  function greedyMoves(rules, st) {
    var best = -1, tied = [];
    rules.legalMoves(st).forEach(function (k) {
      var p = rules.points(st, k);
      if (p > best) { best = p; tied = [k]; } else if (p === best) tied.push(k);
    });
    return tied;
  }

  // players.Lookahead(2): the move's points less the best reply's
  function lookaheadMoves(rules, st) {
    var best = null, tied = [];
    rules.legalMoves(st).forEach(function (k) {
      var after = rules.copy(st), p = rules.play(after, k), reply = 0;
      rules.legalMoves(after).forEach(function (r) { reply = Math.max(reply, rules.points(after, r)); });
      var v = p - reply;
      if (best === null || v > best) { best = v; tied = [k]; } else if (v === best) tied.push(k);
    });
    return tied;
  }

  function lookaheadPlayer(rules, st, rng) { return choice(lookaheadMoves(rules, st), rng); }

  // ---- perfect play: the margin the player to move can force from a position, by negamax
  // with alpha-beta over positions and a table of bounds (a position is its set of drawn
  // segments, as in solver.py; good moves, those that score most, first). Sets of segments are
  // two 32-bit words, so boards of up to 10 dots (45 segments: the table's keys are exact
  // numbers up to 53 bits). The move chosen is solver.py's whole-line rule: the first legal
  // move in segment order that keeps the value.
  var MOST_SEGMENTS = 45;

  function count(x) {
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0F0F0F0F) * 0x01010101) >>> 24;
  }

  function Solver(rules, most) {
    var S = rules.segments.length;
    if (S > MOST_SEGMENTS) throw new Error("perfect play in the browser takes at most " + MOST_SEGMENTS + " segments");
    this.rules = rules;
    this.table = new Map();
    this.positions = 0;
    this.most = most || Infinity;       // positions before giving up (OverBudget)
    this.first = rules.segments.map(function (s) { return s[0]; });
    this.second = rules.segments.map(function (s) { return s[1]; });
    this.lo = new Int32Array(S);        // the segments each one crosses, and itself
    this.hi = new Int32Array(S);
    for (var k = 0; k < S; k++) {
      var list = rules.crossing[k].concat([k]);
      for (var i = 0; i < list.length; i++) {
        if (list[i] < 32) this.lo[k] |= 1 << list[i]; else this.hi[k] |= 1 << (list[i] - 32);
      }
    }
    this.adj = new Int32Array(rules.n);
  }

  Solver.prototype.points = function (a, b) {
    var adj = this.adj, common = adj[a] & adj[b];
    if (!common) return LINE_POINTS;
    var triangles = count(common), twice = 0, rest = common;
    if (triangles > 1) while (rest) {
      var low = rest & -rest, c = 31 - Math.clz32(low);
      twice += count(adj[c] & common);
      rest ^= low;
    }
    return LINE_POINTS + TRIANGLE_POINTS * triangles + CLIQUE_POINTS * (twice / 2);
  };

  Solver.prototype.search = function (dLo, dHi, oLo, oHi, alpha, beta) {
    if (!oLo && !oHi) return 0;
    if (++this.positions > this.most) throw new OverBudget();
    var key = (dHi >>> 0) * 4294967296 + (dLo >>> 0), known = this.table.get(key);
    if (known !== undefined) {
      if (known[0] >= beta) return known[0];
      if (known[1] <= alpha) return known[1];
      if (known[0] > alpha) alpha = known[0];
      if (known[1] < beta) beta = known[1];
    }
    var start = alpha, moves = [], k, rest, low;
    for (rest = oLo; rest; rest ^= low) { low = rest & -rest; k = 31 - Math.clz32(low); moves.push(k); }
    for (rest = oHi; rest; rest ^= low) { low = rest & -rest; k = 63 - Math.clz32(low); moves.push(k); }
    var first = this.first, second = this.second, adj = this.adj, self = this;
    // the table's best move first, then those that score most, then those that block most
    var hint = known === undefined ? -1 : known[2];
    var scored = moves.map(function (k) {
      var blocks = count(self.lo[k] & oLo) + count(self.hi[k] & oHi);
      return (k === hint ? 1 << 20 : 0) + (self.points(first[k], second[k]) * 64 + blocks) * 64 + k;
    });
    scored.sort(function (x, y) { return y - x; });
    var best = -Infinity, bestMove = -1;
    for (var i = 0; i < scored.length; i++) {
      k = scored[i] & 63;
      var p = Math.floor((scored[i] % (1 << 20)) / 4096), a = first[k], b = second[k];
      adj[a] |= 1 << b;
      adj[b] |= 1 << a;
      var v = p - this.search(k < 32 ? dLo | 1 << k : dLo, k < 32 ? dHi : dHi | 1 << (k - 32),
                              oLo & ~this.lo[k], oHi & ~this.hi[k], p - beta, p - alpha);
      adj[a] ^= 1 << b;
      adj[b] ^= 1 << a;
      if (v > best) {
        best = v;
        bestMove = k;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
      }
    }
    var bounds = known || [-Infinity, Infinity, -1];
    if (best <= start) bounds = [bounds[0], Math.min(bounds[1], best), bounds[2]];
    else if (best >= beta) bounds = [Math.max(bounds[0], best), bounds[1], bestMove];
    else bounds = [best, best, bestMove];
    this.table.set(key, bounds);
    return best;
  };

  // The points margin the mover can force from position st to the end
  Solver.prototype.value = function (st) {
    var dLo = 0, dHi = 0, oLo = 0, oHi = 0, n = this.rules.n, a, b;
    for (var k = 0; k < st.drawn.length; k++) {
      if (st.drawn[k]) { if (k < 32) dLo |= 1 << k; else dHi |= 1 << (k - 32); }
      if (st.open[k]) { if (k < 32) oLo |= 1 << k; else oHi |= 1 << (k - 32); }
    }
    for (a = 0; a < n; a++) {
      this.adj[a] = 0;
      for (b = 0; b < n; b++) if (st.joined[a * n + b]) this.adj[a] |= 1 << b;
    }
    return this.search(dLo, dHi, oLo, oHi, -Infinity, Infinity);
  };

  // every legal move of st with the margin it keeps for the mover, in segment order
  Solver.prototype.margins = function (st) {
    var rules = this.rules, self = this;
    return rules.legalMoves(st).map(function (k) {
      var after = rules.copy(st), p = rules.play(after, k);
      return [k, p - self.value(after)];
    });
  };

  Solver.prototype.bestMove = function (st) {
    var value = this.value(st), rules = this.rules, moves = rules.legalMoves(st);
    for (var i = 0; i < moves.length; i++) {
      var after = rules.copy(st), p = rules.play(after, moves[i]);
      if (p - this.value(after) === value) return moves[i];
    }
    return null;      // a finished game
  };

  function OverBudget() { this.name = "OverBudget"; }

  var api = {Rules: Rules, Solver: Solver, MOST_SEGMENTS: MOST_SEGMENTS, OverBudget: OverBudget, segmentsCross: segmentsCross,
             players: {random: randomPlayer, greedy: greedyPlayer, lookahead: lookaheadPlayer},
             greedyMoves: greedyMoves, lookaheadMoves: lookaheadMoves,
             LINE_POINTS: LINE_POINTS, TRIANGLE_POINTS: TRIANGLE_POINTS, CLIQUE_POINTS: CLIQUE_POINTS};
  root.CliqueR = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : this);
