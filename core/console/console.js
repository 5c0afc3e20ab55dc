// The msgxd operations console (docs/console.md): plain JavaScript, no build step, no library.
// Every text that comes from the daemon is untrusted (message texts, errors, file names): it is put
// on the page with textContent only, never as HTML.
"use strict";

(function () {
  const REFRESH_MS = 5000;       // the page refreshes itself this often
  const CALL_TIMEOUT_MS = 4000;  // a call that has not answered by then counts as "not reachable"
  const LIST_LIMIT = 100;        // DEAD and FAILED messages shown per state
  const TOKEN_KEY = "msgx.console.opsToken";

  const $ = (id) => document.getElementById(id);

  // ---- small helpers -------------------------------------------------------------------------

  // el("td", {className: "num"}, "text", otherNode): strings become text nodes, never markup.
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    if (props) {
      for (const [name, value] of Object.entries(props)) {
        if (name === "dataset") {
          Object.assign(node.dataset, value);
        } else {
          node[name] = value;
        }
      }
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function setText(id, text) {
    $(id).textContent = text;
  }

  function show(id, visible) {
    $(id).hidden = !visible;
  }

  function showError(id, text) {
    const node = $(id);
    node.textContent = text || "";
    node.hidden = !text;
  }

  function two(n) {
    return String(n).padStart(2, "0");
  }

  function clock(date) {
    return two(date.getHours()) + ":" + two(date.getMinutes()) + ":" + two(date.getSeconds());
  }

  // An ISO time of the daemon (UTC, "…Z") in the browser's local time.
  function localTime(iso) {
    if (!iso) return "–";
    const d = new Date(iso);
    if (isNaN(d.getTime())) return String(iso);
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + clock(d);
  }

  function duration(seconds) {
    if (seconds === null || seconds === undefined || isNaN(seconds)) return "–";
    let s = Math.max(0, Math.round(seconds));
    if (s < 60) return s + " s";
    const d = Math.floor(s / 86400); s -= d * 86400;
    const h = Math.floor(s / 3600); s -= h * 3600;
    const m = Math.floor(s / 60); s -= m * 60;
    if (d > 0) return d + " d " + h + " h " + m + " min";
    if (h > 0) return h + " h " + m + " min";
    return m + " min " + s + " s";
  }

  function text(value) {
    return value === null || value === undefined || value === "" ? "–" : String(value);
  }

  function timezoneNote() {
    const offset = -new Date().getTimezoneOffset();
    const sign = offset >= 0 ? "+" : "-";
    const abs = Math.abs(offset);
    return "(times are this browser's local time, UTC" + sign + two(Math.floor(abs / 60)) + ":" + two(abs % 60) + ")";
  }

  // ---- the token -----------------------------------------------------------------------------

  function token() {
    try {
      return sessionStorage.getItem(TOKEN_KEY) || "";
    } catch (e) {
      return "";
    }
  }

  function saveToken() {
    const value = $("token").value.trim();
    $("token").value = "";
    if (value) {
      sessionStorage.setItem(TOKEN_KEY, value);
    }
    updateTokenBox();
    refreshNow();
  }

  function forgetToken() {
    sessionStorage.removeItem(TOKEN_KEY);
    $("token").value = "";
    updateTokenBox();
    refreshNow();
  }

  function updateTokenBox() {
    const has = token() !== "";
    $("token").placeholder = has ? "token set" : "paste your /ops token";
    $("token").title = has ? "a token is set for this tab; paste another one to replace it" : "";
    $("token-forget").disabled = !has;
  }

  // ---- calls ---------------------------------------------------------------------------------

  // A failure to reach msgxd at all (connection refused, timeout): the banner's business.
  class Unreachable extends Error {}
  // An HTTP answer that is an error: status, err_code, err_msg.
  class ApiFailure extends Error {
    constructor(status, code, message) {
      super(message);
      this.status = status;
      this.code = code;
    }
    describe() {
      return "HTTP " + this.status + (this.code ? " " + this.code : "") + (this.message ? ": " + this.message : "");
    }
  }

  // options: {method, body (an object, sent as JSON), ops (send the token), raw (return the text),
  // accept (extra statuses whose body is data, e.g. 503 of /health/ready)}
  async function call(path, options) {
    const opts = options || {};
    const headers = {};
    if (opts.ops) {
      const t = token();
      if (!t) {
        throw new ApiFailure(401, "NO_TOKEN", "no token entered");
      }
      headers["Authorization"] = "Bearer " + t;
    }
    let body;
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), CALL_TIMEOUT_MS);
    let response;
    let textBody;
    try {
      response = await fetch(path, {
        method: opts.method || "GET", headers: headers, body: body, cache: "no-store",
        credentials: "omit", redirect: "error", signal: abort.signal,
      });
      textBody = await response.text();
    } catch (e) {
      throw new Unreachable(e && e.name === "AbortError" ? "no answer within " + CALL_TIMEOUT_MS / 1000 + " s" : String(e));
    } finally {
      clearTimeout(timer);
    }
    const accepted = response.ok || (opts.accept || []).includes(response.status);
    if (opts.raw && accepted) {
      return textBody;
    }
    let parsed = null;
    try {
      parsed = JSON.parse(textBody);
    } catch (e) {
      parsed = null;
    }
    if (!accepted) {
      if (parsed && typeof parsed === "object" && parsed.err_code) {
        throw new ApiFailure(response.status, parsed.err_code, parsed.err_msg || "");
      }
      throw new ApiFailure(response.status, "", response.statusText);
    }
    if (parsed === null) {
      throw new ApiFailure(response.status, "", "the answer is not JSON");
    }
    return parsed;
  }

  function isTokenRefusal(error) {
    return error instanceof ApiFailure && (error.status === 401 || error.status === 403);
  }

  // ---- /metrics ------------------------------------------------------------------------------

  // The value of an unlabelled series, or null.
  function metric(textBody, name) {
    for (const line of textBody.split("\n")) {
      if (line.startsWith(name + " ")) {
        const value = parseFloat(line.substring(name.length + 1));
        return isNaN(value) ? null : value;
      }
    }
    return null;
  }

  function buildVersion(textBody) {
    const match = /^msgx_build_info\{[^}]*version="([^"]*)"/m.exec(textBody);
    return match ? match[1] : null;
  }

  // ---- rendering -----------------------------------------------------------------------------

  function renderMetrics(textBody) {
    const depth = metric(textBody, "msgx_queue_depth");
    const age = metric(textBody, "msgx_queue_head_age_seconds");
    const blocked = metric(textBody, "msgx_queue_head_blocked_seconds");
    setText("queue-depth", depth === null ? "–" : String(depth));
    setText("head-age", duration(age));
    setText("head-blocked", blocked === null ? "–" : blocked > 0 ? duration(blocked) : "not blocked");
    $("head-blocked").classList.toggle("bad", blocked !== null && blocked > 0);
    $("queue-depth").classList.toggle("warn", depth !== null && depth > 0);
    const version = buildVersion(textBody);
    if (version) setText("version", version);
  }

  function renderHealth(health) {
    const checks = health.checks || {};
    const lease = checks.lease || {};
    const role = lease.role || "unknown";
    setText("role", role);
    $("role").classList.toggle("bad", role === "unknown");
    setText("lease-owner", lease.owner ? "Writer lease held by " + lease.owner + "." : "No writer lease holder known.");
    setText("ready", health.ready ? "ready" : "NOT READY");
    $("ready").classList.toggle("bad", !health.ready);
    $("ready").classList.toggle("good", !!health.ready);
    const problems = $("ready-problems");
    clear(problems);
    const add = (name, check) => {
      if (check && check.ok === false) {
        problems.appendChild(el("li", null, name + ": " + text(check.reason)));
      }
    };
    add("store", checks.store);
    add("mailbox", checks.mailbox);
    add("lease", checks.lease);
    for (const [target, check] of Object.entries(checks.delivery || {})) {
      add("delivery " + target, check);
    }
  }

  function renderStatus(status) {
    const body = $("counts-body");
    clear(body);
    const counts = status.counts || [];
    if (counts.length === 0) {
      body.appendChild(el("tr", null, el("td", {colSpan: 3, className: "muted"}, "no messages yet")));
    }
    for (const c of counts) {
      const row = el("tr", {className: "state-" + String(c.state).toLowerCase()},
        el("td", null, text(c.state)), el("td", null, text(c.errorClass)), el("td", {className: "num"}, String(c.count)));
      body.appendChild(row);
    }
    setText("unfinished", "Unfinished (PENDING + FAILED): " + text(status.unfinished));
    const total = (name) => counts.filter((c) => c.state === name).reduce((sum, c) => sum + c.count, 0);
    const dead = total("DEAD");
    const failed = total("FAILED");
    setText("dead-count", String(dead));
    $("dead-count").classList.toggle("bad", dead > 0);
    setText("failed-count", String(failed));
    $("failed-count").classList.toggle("warn", failed > 0);
  }

  function renderMessages(dead, failed) {
    const body = $("messages-body");
    clear(body);
    const all = dead.messages.concat(failed.messages).sort((a, b) => a.id - b.id);
    for (const m of all) {
      const preview = el("button", {type: "button", id: "preview-" + m.id, className: "preview"}, "preview replay");
      preview.addEventListener("click", () => previewReplay(m.id, m.key));
      body.appendChild(el("tr", {id: "message-" + m.id, className: "state-" + String(m.state).toLowerCase(),
                                  dataset: {state: String(m.state), key: String(m.key)}},
        el("td", {className: "num"}, String(m.id)),
        el("td", {className: "msg-state"}, text(m.state)),
        el("td", {className: "msg-key nowrap"}, text(m.key)),
        el("td", null, text(m.errorClass)),
        el("td", {className: "num"}, text(m.attempts)),
        el("td", {className: "long"}, text(m.lastError)),
        el("td", {className: "long"}, text(m.note)),
        el("td", null, localTime(m.updatedAt)),
        el("td", null, preview)));
    }
    show("messages-empty", all.length === 0);
    show("messages-table", all.length > 0);
    const more = [];
    if (dead.next_after !== null) more.push("more than " + LIST_LIMIT + " DEAD");
    if (failed.next_after !== null) more.push("more than " + LIST_LIMIT + " FAILED");
    setText("messages-more", more.length ? "Only the first " + LIST_LIMIT + " of each state are shown (" +
      more.join(", ") + "): use msgxctl messages for the rest." : "");
    show("messages-more", more.length > 0);
  }

  function renderPlugins(plugins) {
    setText("plugins-dir", text(plugins.directory));
    const body = $("plugins-body");
    clear(body);
    const list = plugins.plugins || [];
    if (list.length === 0) {
      body.appendChild(el("tr", null, el("td", {colSpan: 5, className: "warn"}, "no plugin loaded: no message key has a handler")));
    }
    for (const p of list) {
      body.appendChild(el("tr", {id: "plugin-" + p.name},
        el("td", null, text(p.name)), el("td", null, text(p.version)), el("td", null, text(p.sdk_version)),
        el("td", null, (p.keys || []).join(", ")), el("td", {className: "long"}, text(p.file))));
    }
    renderRefused($("plugins-refused"), plugins.refused || []);
  }

  function renderRefused(list, refused) {
    clear(list);
    if (refused.length === 0) {
      list.appendChild(el("li", {className: "muted"}, "none"));
    }
    for (const r of refused) {
      if (r && typeof r === "object") {
        const file = r.file || r.path || r.name || "";
        const reason = r.reason || r.error || r.problem || "";
        list.appendChild(el("li", null, file && reason ? file + ": " + reason : JSON.stringify(r)));
      } else {
        list.appendChild(el("li", null, String(r)));
      }
    }
  }

  function renderTargets(targets) {
    const body = $("targets-body");
    clear(body);
    for (const t of targets.targets || []) {
      const actions = el("td", null);
      let held = "no";
      if (t.held) {
        held = "HELD" + (t.heldBy ? " by DEAD event " + t.heldBy.eventId + ": " + text(t.heldBy.error) : "");
        const retry = el("button", {type: "button", id: "retry-" + t.target}, "retry");
        retry.addEventListener("click", () => releaseTarget(t.target, "retry"));
        const skip = el("button", {type: "button", id: "skip-" + t.target, className: "danger"}, "skip");
        skip.addEventListener("click", () => releaseTarget(t.target, "skip"));
        actions.appendChild(retry);
        actions.appendChild(skip);
      }
      const oldest = t.oldestPendingCreatedAt
        ? localTime(t.oldestPendingCreatedAt) + " (" + duration((Date.now() - new Date(t.oldestPendingCreatedAt).getTime()) / 1000) + " ago)"
        : "–";
      body.appendChild(el("tr", {id: "target-" + t.target, className: t.held ? "held" : ""},
        el("td", null, text(t.target)), el("td", {className: "num"}, String(t.pending)),
        el("td", {className: "num"}, String(t.sent)), el("td", {className: "num" + (t.dead > 0 ? " bad" : "")}, String(t.dead)),
        el("td", null, oldest), el("td", {className: t.held ? "bad long" : ""}, held),
        el("td", {className: "num"}, String(t.releaseMark)), actions));
    }
  }

  // ---- refresh -------------------------------------------------------------------------------

  const state = {
    lastUpdated: null,       // Date of the last refresh in which msgxd answered every call
    unreachableSince: null,  // Date of the first failed refresh of the current outage
    timer: null,
    running: null,           // the refresh in progress (a Promise), or null
  };

  function renderBanner() {
    const banner = $("unreachable");
    if (state.unreachableSince) {
      banner.textContent = "msgxd is not reachable (since " + clock(state.unreachableSince) + ") — " +
        (state.lastUpdated ? "last data shown is from " + clock(state.lastUpdated) : "no data has been received yet");
      banner.hidden = false;
      document.title = "NOT REACHABLE · msgxd console";
      $("main").classList.add("stale");
    } else {
      banner.hidden = true;
      banner.textContent = "";
      document.title = "msgxd console";
      $("main").classList.remove("stale");
    }
  }

  function renderTokenMessage(refusal) {
    const box = $("token-message");
    if (!token()) {
      box.textContent = "Enter an /ops token (from http.ops-token-file) to see messages, plugins and targets.";
      box.hidden = false;
    } else if (refusal) {
      box.textContent = "token refused";
      box.appendChild(el("span", {className: "detail"}, " (" + refusal.describe() + ")"));
      box.hidden = false;
    } else {
      box.hidden = true;
      box.textContent = "";
    }
  }

  async function refresh() {
    const calls = {
      metrics: call("/metrics", {raw: true}),
      health: call("/health/ready", {accept: [503]}),
      status: call("/ops/status", {ops: true}),
      dead: call("/ops/messages?state=DEAD&limit=" + LIST_LIMIT, {ops: true}),
      failed: call("/ops/messages?state=FAILED&limit=" + LIST_LIMIT, {ops: true}),
      plugins: call("/ops/plugins", {ops: true}),
      targets: call("/ops/targets", {ops: true}),
    };
    const names = Object.keys(calls);
    const settled = await Promise.allSettled(names.map((n) => calls[n]));
    const result = {};
    const errors = {};
    names.forEach((n, i) => {
      if (settled[i].status === "fulfilled") result[n] = settled[i].value;
      else errors[n] = settled[i].reason;
    });

    const unreachable = Object.values(errors).some((e) => e instanceof Unreachable);
    if (unreachable) {
      if (!state.unreachableSince) state.unreachableSince = new Date();
      renderBanner();
      return; // keep the last data on the page
    }
    state.unreachableSince = null;
    renderBanner();

    const refusal = Object.values(errors).find(isTokenRefusal);
    const describe = (e) => (e instanceof ApiFailure ? e.describe() : String(e));
    // With no token or a refused one the /ops sections say nothing of their own: the token message does.
    const opsError = (name) => (errors[name] && !isTokenRefusal(errors[name]) ? describe(errors[name]) : "");

    if (result.metrics !== undefined) renderMetrics(result.metrics);
    if (result.health) renderHealth(result.health);
    else if (errors.health) setText("ready", "? (" + describe(errors.health) + ")");

    if (result.status) {
      renderStatus(result.status);
    } else {
      clear($("counts-body"));
      setText("dead-count", "–");
      setText("failed-count", "–");
    }
    showError("counts-error", opsError("status"));

    if (result.dead && result.failed) {
      renderMessages(result.dead, result.failed);
    } else {
      clear($("messages-body"));
      show("messages-empty", false);
    }
    showError("messages-error", opsError("dead") || opsError("failed"));

    if (result.plugins) renderPlugins(result.plugins);
    else clear($("plugins-body"));
    showError("plugins-error", opsError("plugins"));

    if (result.targets) renderTargets(result.targets);
    else clear($("targets-body"));
    showError("targets-error", opsError("targets"));

    renderTokenMessage(refusal);
    state.lastUpdated = new Date();
    setText("last-updated", "last updated " + clock(state.lastUpdated));
  }

  // One refresh at a time; the next one is due REFRESH_MS after this one ended.
  function refreshNow() {
    if (state.timer) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    if (state.running) {
      return state.running.then(() => refreshNow());
    }
    state.running = refresh()
      .catch((e) => {
        // A bug in the page, not the daemon: say so, keep refreshing.
        setText("last-updated", "console error: " + String(e));
      })
      .finally(() => {
        state.running = null;
        state.timer = setTimeout(refreshNow, REFRESH_MS);
      });
    return state.running;
  }

  // ---- actions -------------------------------------------------------------------------------

  function actionError(e) {
    if (e instanceof Unreachable) return "msgxd is not reachable: " + e.message + " (nothing is known to have changed)";
    if (isTokenRefusal(e)) return "token refused (" + e.describe() + ")";
    return e instanceof ApiFailure ? e.describe() : String(e);
  }

  let replayTarget = null; // the id the replay panel is about

  async function previewReplay(id, key) {
    replayTarget = id;
    show("replay", true);
    setText("replay-id", String(id) + (key ? " (" + key + ")" : ""));
    setText("replay-verdict", "asking msgxd…");
    $("replay-verdict").className = "";
    $("replay-verdict").dataset.eligible = "";
    setText("replay-result", "");
    $("replay-reason").value = "";
    show("replay-form", false);
    $("replay").scrollIntoView({block: "nearest"});
    try {
      const answer = await call("/ops/replay/preview", {method: "POST", ops: true, body: {ids: [id]}});
      if (replayTarget !== id) return;
      const candidate = (answer.candidates || []).find((c) => c.id === id);
      if (candidate && candidate.eligible) {
        setText("replay-verdict", "eligible: " + text(candidate.change) + " (now " + text(candidate.state) +
          ", " + text(candidate.errorClass) + ", " + text(candidate.attempts) + " attempts)");
        $("replay-verdict").className = "good";
        $("replay-verdict").dataset.eligible = "true";
        show("replay-form", true);
        $("replay-reason").focus();
      } else {
        setText("replay-verdict", "refused: " + text(candidate ? candidate.refusal : "msgxd did not list the message"));
        $("replay-verdict").className = "bad";
        $("replay-verdict").dataset.eligible = "false";
      }
    } catch (e) {
      if (replayTarget !== id) return;
      setText("replay-verdict", "preview failed: " + actionError(e));
      $("replay-verdict").className = "bad";
      $("replay-verdict").dataset.eligible = "false";
    }
  }

  async function applyReplay() {
    const id = replayTarget;
    const reason = $("replay-reason").value.trim();
    if (id === null) return;
    if (!reason) {
      setText("replay-result", "a reason is required: say why this message is replayed (it goes to OPS_AUDIT)");
      $("replay-result").className = "bad";
      $("replay-reason").focus();
      return;
    }
    $("replay-apply").disabled = true;
    setText("replay-result", "applying…");
    $("replay-result").className = "";
    try {
      const answer = await call("/ops/replay/apply", {method: "POST", ops: true, body: {ids: [id], reason: reason}});
      const refused = (answer.refused || []).find((r) => r.id === id);
      if ((answer.replayed || []).includes(id)) {
        setText("replay-result", "replayed: message " + id + " is PENDING again and will be processed in order");
        $("replay-result").className = "good";
        show("replay-form", false);
      } else {
        setText("replay-result", "refused: " + text(refused ? refused.reason : "msgxd did not replay it"));
        $("replay-result").className = "bad";
      }
    } catch (e) {
      setText("replay-result", "apply failed: " + actionError(e));
      $("replay-result").className = "bad";
    } finally {
      $("replay-apply").disabled = false;
    }
    refreshNow();
  }

  function closeReplay() {
    replayTarget = null;
    show("replay", false);
  }

  async function reloadPlugins() {
    $("plugins-reload").disabled = true;
    setText("plugins-result", "reloading…");
    $("plugins-result").className = "";
    try {
      const report = await call("/ops/plugins/reload", {method: "POST", ops: true});
      const refused = report.refused || [];
      setText("plugins-result", "reload: " + text(report.summary) + (report.problem ? " — " + report.problem : ""));
      $("plugins-result").className = report.problem || refused.length ? "warn" : "good";
    } catch (e) {
      setText("plugins-result", "reload failed: " + actionError(e));
      $("plugins-result").className = "bad";
    } finally {
      $("plugins-reload").disabled = false;
    }
    refreshNow();
  }

  const RELEASE_WARNING = {
    retry: (t) => "Retry target " + t + "?\n\nEvery DEAD event of " + t + " becomes PENDING again (attempts 0) " +
      "and is sent again, in event order, before anything newer. If the cause is not fixed they go DEAD " +
      "again and hold the target again. Recorded in OPS_AUDIT under your operator name.",
    skip: (t) => "Skip the DEAD events of target " + t + "?\n\nThey stay DEAD and are NEVER delivered: the " +
      "release mark moves past them and " + t + " goes on with the newer events, so its consumers will " +
      "miss these events. Recorded in OPS_AUDIT under your operator name.",
  };

  async function releaseTarget(target, action) {
    if (!window.confirm(RELEASE_WARNING[action](target))) {
      return;
    }
    setText("targets-result", action + " " + target + "…");
    $("targets-result").className = "";
    try {
      const answer = await call("/ops/targets/" + encodeURIComponent(target) + "/" + action, {method: "POST", ops: true});
      setText("targets-result", action + " " + answer.target + ": " + answer.released + " DEAD event(s) " +
        (action === "retry" ? "requeued" : "passed") + "; the daemon picks this up within its idle poll");
      $("targets-result").className = "good";
    } catch (e) {
      setText("targets-result", action + " " + target + " failed: " + actionError(e));
      $("targets-result").className = "bad";
    }
    refreshNow();
  }

  // ---- start ---------------------------------------------------------------------------------

  function start() {
    $("token-save").addEventListener("click", saveToken);
    $("token-forget").addEventListener("click", forgetToken);
    $("token").addEventListener("keydown", (event) => {
      if (event.key === "Enter") saveToken();
    });
    $("refresh").addEventListener("click", () => refreshNow());
    $("replay-apply").addEventListener("click", applyReplay);
    $("replay-reason").addEventListener("keydown", (event) => {
      if (event.key === "Enter") applyReplay();
    });
    $("replay-reason").addEventListener("input", () => {
      if ($("replay-result").className === "bad") setText("replay-result", "");
    });
    $("replay-close").addEventListener("click", closeReplay);
    $("plugins-reload").addEventListener("click", reloadPlugins);
    setText("clock-note", timezoneNote());
    updateTokenBox();
    refreshNow();
  }

  document.addEventListener("DOMContentLoaded", start);
})();
