// Drives the browser's CliqueR engine (pnp/games/cliquer/playing/engine.js) for
// test_cliquer_play_engine.py: reads boards and games as JSON on stdin, writes what the engine
// says of every position on stdout. Node only; no package needed.
"use strict";
const path = process.argv[2];
const E = require(path);
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const asked = JSON.parse(input), out = [];
  let seed = asked.seed >>> 0;
  const rng = () => {               // a small seeded generator: the same games every run
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  for (const board of asked.boards) {
    const rules = new E.Rules(board.dots), n = rules.n;
    const seen = {games: [], played: [], solved: [], moves_in_game: rules.movesInGame};
    // the Python engine's games: at each position every legal move, why each other pair is
    // refused, and what the move played scores
    for (const game of board.games) {
      const st = rules.start(), positions = [];
      for (const k of game) {
        const refused = [];
        for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
          const why = rules.refusal(st, a, b);
          if (why) refused.push([a, b, why.why, why.by === undefined ? -1 : why.by]);
        }
        const legal = rules.legalMoves(st), points = st.open[k] ? rules.points(st, k) : null;
        positions.push({legal, refused, points});
        if (points === null) break;
        rules.play(st, k);
      }
      positions.push({legal: rules.legalMoves(st), finished: rules.finished(st), scores: st.scores});
      seen.games.push(positions);
    }
    // the engine's own games by its players, for the Python players to judge
    for (const who of board.players) {
      const st = rules.start(), moves = [];
      while (!rules.finished(st)) {
        const k = E.players[who](rules, st, rng);
        moves.push([k, rules.play(st, k)]);
      }
      seen.played.push({who, moves, scores: st.scores});
    }
    // perfect play from positions along the given games
    for (const [game, upto] of board.solve || []) {
      const solver = new E.Solver(rules), st = rules.replay(board.games[game].slice(0, upto));
      seen.solved.push({margin: solver.value(st), best: rules.finished(st) ? null : solver.bestMove(st)});
    }
    out.push(seen);
  }
  process.stdout.write(JSON.stringify(out));
});
