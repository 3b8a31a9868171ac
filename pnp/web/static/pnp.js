// pnp serve: the live preview and the build's progress. Small on purpose: every page works
// without it (the form's buttons post to the server, the build page refreshes itself).
(function () {
  "use strict";
  var token = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  function post(url, body, signal) {
    return fetch(url, {method: "POST", body: body, signal: signal, credentials: "same-origin",
                       headers: {"X-CSRF-Token": token, "Accept": "application/json"}});
  }

  function text(el, lines) {
    el.textContent = "";
    lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      el.appendChild(p);
    });
  }

  // ---- the form: messages beside their fields, and the preview -------------------------------
  var form = document.getElementById("spec-form");
  if (form) {
    var timer = null, running = null, asked = 0;
    var status = document.getElementById("preview-status");
    var images = document.getElementById("preview-images");
    var problems = document.getElementById("preview-problems");
    var general = document.getElementById("general");

    var showErrors = function (errors, lines) {
      var unplaced = lines.slice();
      form.querySelectorAll(".error[data-for]").forEach(function (el) { el.textContent = ""; });
      form.querySelectorAll(".field.bad").forEach(function (el) { el.classList.remove("bad"); });
      form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
      Object.keys(errors).forEach(function (name) {
        var el = document.getElementById("e-" + name);
        if (!el) { unplaced = unplaced.concat(errors[name]); return; }
        el.textContent = errors[name].join(" ");
        var wrap = document.getElementById("w-" + name);
        if (wrap) { wrap.classList.add("bad"); }
        var folded = el.closest("details");          // a mistake in a folded field unfolds it
        if (folded) { folded.open = true; }
        var input = document.getElementById("f-" + name);
        if (input) { input.setAttribute("aria-invalid", "true"); }
      });
      text(general, unplaced);
      // where the preview would be: what is said above the form first, then beside the fields,
      // each once (the fields a message names all carry the same note)
      var all = lines.slice();
      Object.keys(errors).forEach(function (name) {
        errors[name].forEach(function (m) { if (all.indexOf(m) < 0) { all.push(m); } });
      });
      text(problems, all);
    };

    var preview = function () {
      if (running) { running.abort(); }       // the server stops the old one's worker
      running = new AbortController();
      var mine = ++asked;
      status.textContent = status.dataset.drawing;
      form.setAttribute("aria-busy", "true");
      post("/preview", new FormData(form), running.signal).then(function (r) {
        if (r.status === 503) {
          // every worker is busy: asked again by itself after the wait the server gives
          var wait = Math.min(30, Math.max(1, Number(r.headers.get("Retry-After")) || 3));
          if (mine === asked) {
            status.textContent = status.dataset.retrying;
            clearTimeout(timer);
            timer = setTimeout(preview, wait * 1000);
          }
          return null;
        }
        return r.json();
      }).then(function (j) {
        if (!j || mine !== asked) { return; }
        form.removeAttribute("aria-busy");
        showErrors(j.errors || {}, j.general || []);
        if (j.ok) {
          images.textContent = "";
          (j.images || []).forEach(function (src, i) {
            var img = document.createElement("img");
            img.src = src;
            img.alt = j.alts[i];
            images.appendChild(img);
          });
          images.dataset.version = String(mine);
        } else {
          images.textContent = "";
        }
        status.textContent = j.status || "";
      }).catch(function (e) {
        if (e.name !== "AbortError" && mine === asked) { status.textContent = status.dataset.failed; }
      });
    };

    var later = function (event) {
      if (event.target && event.target.name === "add") { return; }
      clearTimeout(timer);
      timer = setTimeout(preview, 350);
    };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    if (!images.querySelector("img") && !problems.textContent.trim()) { preview(); }
  }

  // ---- long work followed on its page: the server's words, until it is finished ----------------
  var work = document.getElementById("work");
  if (work) {
    var workLine = document.getElementById("work-line");
    var workBar = document.getElementById("work-progress");
    var follow = function () {
      fetch(work.dataset.status, {headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (j) {
          if (j.finished) { window.location.reload(); return; }
          workLine.textContent = j.line;
          if (j.total) { workBar.max = j.total; workBar.value = j.done; }
          setTimeout(follow, 500);
        }).catch(function () { setTimeout(follow, 1500); });
    };
    setTimeout(follow, 400);
  }

  // ---- the best line, move by move: the picture shows the first k moves ------------------------
  var stepper = document.getElementById("stepper");
  if (stepper) {
    var groups = document.querySelectorAll(".board-picture [data-step]");
    var items = document.querySelectorAll("#steps [data-step]");
    var now = document.getElementById("step-now");
    var zero = document.getElementById("step-zero");
    var last = items.length, at = last;
    var show = function (k) {
      at = Math.max(0, Math.min(last, k));
      groups.forEach(function (g) {
        var n = Number(g.getAttribute("data-step"));
        g.classList.toggle("later", n > at);
        g.classList.toggle("now", n === at);
      });
      items.forEach(function (li) {
        if (Number(li.dataset.step) === at) { li.setAttribute("aria-current", "step"); }
        else { li.removeAttribute("aria-current"); }
      });
      now.textContent = at === 0 ? zero.textContent : items[at - 1].textContent;
      stepper.querySelector('[data-go="back"]').disabled = at === 0;
      stepper.querySelector('[data-go="first"]').disabled = at === 0;
      stepper.querySelector('[data-go="next"]').disabled = at === last;
      stepper.querySelector('[data-go="last"]').disabled = at === last;
    };
    var go = {first: function () { return 0; }, back: function () { return at - 1; },
              next: function () { return at + 1; }, last: function () { return last; }};
    stepper.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (!button) { return; }
      show(go[button.dataset.go]());
      // a disabled button loses the focus: keep it on the stepper
      if (button.disabled) { stepper.querySelector("button:not([disabled])").focus(); }
    });
    stepper.addEventListener("keydown", function (event) {
      var to = {ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last"}[event.key];
      if (to) { event.preventDefault(); show(go[to]()); }
    });
    stepper.hidden = false;
    show(last);
  }
})();
