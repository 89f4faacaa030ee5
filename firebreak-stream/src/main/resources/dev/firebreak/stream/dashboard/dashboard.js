/*
 * Firebreak dashboard: watches one or more hystrix.stream URLs over EventSource, aggregates them with
 * FirebreakAggregate (aggregate.js) and draws a card per guard, thread pool, collapser, retry policy
 * and hedging policy.
 *
 * Streams: every ?stream=URL of the page's address (several allowed), plus those added in the input
 * box; with none, this server's own /hystrix.stream (with ?token=... passed on as access_token).
 *
 * Every piece of data reaches the page through textContent or setAttribute, never innerHTML: a name
 * such as <img src=x onerror=alert(1)> is shown as those characters.
 */
(function () {
  "use strict";

  var RENDER_EVERY_MS = 200;
  var EXPIRE_AFTER_MS = 5000;
  var SPARK_POINTS = 300;      /* five minutes at one point per second */
  var SPARK_STEP_MS = 1000;

  var fleet = FirebreakAggregate.create();
  var sources = new Map();     /* url -> { source: EventSource, item: <li>, dot: <span> } */
  var cards = new Map();       /* type + name -> card */
  var history = new Map();     /* type + name -> [{ at, value }] */
  var renderPending = false;

  var containers = {
    HystrixCommand: document.getElementById("guards"),
    HystrixThreadPool: document.getElementById("pools"),
    HystrixCollapser: document.getElementById("collapsers"),
    FirebreakRetry: document.getElementById("retries"),
    FirebreakHedge: document.getElementById("hedges")
  };
  var rates = new Map();       /* type + name -> { at, calls, rate }: a policy's counts are cumulative */

  /* ------------------------------------------------------------------ small DOM helpers */

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = String(text); }
    return node;
  }

  function fixed(value, digits) {
    return typeof value === "number" && isFinite(value) ? value.toFixed(digits) : "–";
  }

  function whole(value) {
    return typeof value === "number" && isFinite(value) ? String(Math.round(value)) : "–";
  }

  /* A value that may have been aggregated into {value: hosts}: shown as "a ×2, b ×1". */
  function label(value) {
    if (value === null || value === undefined) { return "–"; }
    if (typeof value === "object") {
      return Object.keys(value).map(function (k) { return k + " ×" + value[k]; }).join(", ");
    }
    return String(value);
  }

  /* ------------------------------------------------------------------ streams */

  function initialStreams() {
    var params = new URLSearchParams(window.location.search);
    var urls = params.getAll("stream").filter(function (u) { return u.trim() !== ""; });
    if (urls.length > 0) { return urls; }
    var own = new URL("../hystrix.stream", window.location.href);
    var token = params.get("token");
    if (token) { own.searchParams.set("access_token", token); }
    return [own.toString()];
  }

  function addStream(raw) {
    var url;
    try {
      url = new URL(raw, window.location.href);
    } catch (e) {
      return false;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") { return false; }
    var key = url.toString();
    if (sources.has(key)) { return false; }

    var item = el("li");
    var dot = el("span", "status");
    dot.setAttribute("title", "connecting");
    var text = el("span", "source-url", key);
    var remove = el("button", "", "×");
    remove.setAttribute("type", "button");
    remove.setAttribute("aria-label", "Stop watching " + key);
    remove.addEventListener("click", function () { removeStream(key); });
    item.appendChild(dot);
    item.appendChild(text);
    item.appendChild(remove);
    document.getElementById("sources").appendChild(item);

    var source = new EventSource(key);
    source.onopen = function () {
      dot.className = "status live";
      dot.setAttribute("title", "live");
    };
    source.onmessage = function (message) {
      var event;
      try {
        event = JSON.parse(message.data);
      } catch (e) {
        return;
      }
      fleet.accept(key, event, Date.now());
      scheduleRender();
    };
    source.onerror = function () {
      /* EventSource retries by itself; meanwhile this instance's figures leave the totals. */
      dot.className = "status down";
      dot.setAttribute("title", "disconnected, retrying");
      fleet.removeSource(key);
      scheduleRender();
    };
    sources.set(key, { source: source, item: item, dot: dot });
    return true;
  }

  function removeStream(key) {
    var entry = sources.get(key);
    if (!entry) { return; }
    entry.source.close();
    entry.item.remove();
    sources.delete(key);
    fleet.removeSource(key);
    rememberStreams();
    scheduleRender();
  }

  function rememberStreams() {
    var params = new URLSearchParams();
    sources.forEach(function (entry, key) { params.append("stream", key); });
    window.history.replaceState(null, "", "?" + params.toString());
  }

  /* ------------------------------------------------------------------ cards */

  function keyOf(event) {
    return event.type + "\u0000" + event.name;
  }

  function figure(grid, title) {
    var box = el("div");
    box.appendChild(el("dt", "", title));
    var value = el("dd", "", "–");
    box.appendChild(value);
    grid.appendChild(box);
    return value;
  }

  function sparkline() {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "spark");
    svg.setAttribute("viewBox", "0 0 " + SPARK_POINTS + " 100");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    var line = document.createElementNS(ns, "polyline");
    svg.appendChild(line);
    return { svg: svg, line: line };
  }

  function newCard(event) {
    var card = { root: el("article", "card"), values: {} };
    card.root.setAttribute("data-type", event.type);
    card.root.setAttribute("data-name", event.name);
    var header = el("header");
    header.appendChild(el("h3", "name", event.name));
    card.breaker = el("span", "breaker");
    if (event.type === "HystrixCommand") { header.appendChild(card.breaker); }
    card.root.appendChild(header);
    card.sub = el("div", "sub");
    card.root.appendChild(card.sub);
    card.spark = sparkline();
    card.root.appendChild(card.spark.svg);
    var grid = el("dl", "figures");
    var titles = {
      HystrixCommand: ["Rate/s", "Error %", "Requests", "Success", "Short-circuited", "Timeouts", "Failures",
        "Rejected", "Rate-limited", "Fallback ok", "p50 ms", "p90 ms", "p99 ms", "p99.5 ms", "Mean ms", "In flight / max"],
      HystrixThreadPool: ["Executed/s", "Active", "Queued", "Pool size", "Max active", "Rejected", "Core",
        "Maximum", "Queue limit"],
      HystrixCollapser: ["Batches/s", "Requests/s", "Mean batch", "p50 batch", "p99 batch", "Max batch",
        "Shards", "In flight", "From cache"],
      FirebreakRetry: ["Calls/s", "Calls", "Attempts", "Retried", "Budget exhausted", "Deadline reached",
        "Fallbacks", "Budget used", "Max attempts"],
      FirebreakHedge: ["Calls/s", "Calls", "Attempts", "Hedged", "Hedge wins", "Losers cancelled",
        "Budget exhausted", "Budget used", "Delay ms"]
    }[event.type] || [];
    titles.forEach(function (title) { card.values[title] = figure(grid, title); });
    card.root.appendChild(grid);
    return card;
  }

  function insertSorted(container, card, name) {
    var empty = container.querySelector(".empty");
    if (empty) { empty.remove(); }
    var children = container.querySelectorAll(".card");
    for (var i = 0; i < children.length; i++) {
      if (children[i].getAttribute("data-name") > name) {
        container.insertBefore(card.root, children[i]);
        return;
      }
    }
    container.appendChild(card.root);
  }

  function set(card, title, text, bad) {
    var node = card.values[title];
    if (!node) { return; }
    node.textContent = text;
    node.className = bad ? "bad" : "";
  }

  function track(key, value, now) {
    var points = history.get(key);
    if (!points) { points = []; history.set(key, points); }
    if (points.length === 0 || now - points[points.length - 1].at >= SPARK_STEP_MS) {
      points.push({ at: now, value: value });
      if (points.length > SPARK_POINTS) { points.shift(); }
    }
    return points;
  }

  function drawSpark(card, points) {
    var max = 1;
    points.forEach(function (p) { if (p.value > max) { max = p.value; } });
    /* the points seen so far span the whole width; at most five minutes of them */
    var step = points.length > 1 ? SPARK_POINTS / (points.length - 1) : 0;
    var coordinates = points.map(function (p, i) {
      return (i * step).toFixed(1) + "," + (98 - (p.value / max) * 94).toFixed(1);
    });
    card.spark.line.setAttribute("points", coordinates.join(" "));
  }

  function updateCommand(card, e, now) {
    var f = FirebreakAggregate.commandFigures(e);
    var state = typeof e.firebreak_circuitState === "string" ? e.firebreak_circuitState : null;
    var text, css;
    if (f.openHosts === 0) {
      text = "CLOSED"; css = "closed";
    } else if (f.openHosts < f.hosts) {
      text = "OPEN " + f.openHosts + "/" + f.hosts; css = "mixed";
    } else if (state === "HALF_OPEN") {
      text = "HALF-OPEN"; css = "half-open";
    } else {
      text = "OPEN"; css = "open";
    }
    card.breaker.textContent = text;
    card.breaker.className = "breaker " + css;
    card.root.className = "card is-" + css;
    card.sub.textContent = "group " + label(e.group) + " · pool " + label(e.threadPool) + " · "
      + label(e.firebreak_isolationStrategy || e.propertyValue_executionIsolationStrategy) + " · "
      + f.hosts + (f.hosts === 1 ? " host" : " hosts");
    var lat = e.latencyExecute || {};
    set(card, "Rate/s", fixed(f.ratePerSecond, 1));
    set(card, "Error %", String(f.errorPercentage), f.errorPercentage > 0);
    set(card, "Requests", whole(e.requestCount));
    set(card, "Success", whole(e.rollingCountSuccess));
    set(card, "Short-circuited", whole(e.rollingCountShortCircuited), e.rollingCountShortCircuited > 0);
    set(card, "Timeouts", whole(e.rollingCountTimeout), e.rollingCountTimeout > 0);
    set(card, "Failures", whole(e.rollingCountFailure), e.rollingCountFailure > 0);
    var rejected = (e.rollingCountSemaphoreRejected || 0) + (e.rollingCountThreadPoolRejected || 0);
    set(card, "Rejected", whole(rejected), rejected > 0);
    /* the rate limiter's refusals: Firebreak's own key (Hystrix had no rate limiter), 0 from a Hystrix stream */
    var rateLimited = e.firebreak_rollingCountRateLimited || 0;
    set(card, "Rate-limited", whole(rateLimited), rateLimited > 0);
    set(card, "Fallback ok", whole(e.rollingCountFallbackSuccess));
    set(card, "p50 ms", whole(f.perHost(lat["50"])));
    set(card, "p90 ms", whole(f.perHost(lat["90"])));
    set(card, "p99 ms", whole(f.perHost(lat["99"])));
    set(card, "p99.5 ms", whole(f.perHost(lat["99.5"])));
    set(card, "Mean ms", whole(f.perHost(e.latencyExecute_mean)));
    set(card, "In flight / max", whole(e.currentConcurrentExecutionCount) + " / "
      + whole(e.rollingMaxConcurrentExecutionCount));
    drawSpark(card, track(keyOf(e), f.ratePerSecond, now));
  }

  function windowSeconds(windowMs, hosts) {
    return (typeof windowMs === "number" && windowMs > 0 ? windowMs / hosts : 10000) / 1000;
  }

  function updatePool(card, e, now) {
    var hosts = e.reportingHosts > 0 ? e.reportingHosts : 1;
    var rate = (e.rollingCountThreadsExecuted || 0)
      / windowSeconds(e.propertyValue_metricsRollingStatisticalWindowInMilliseconds, hosts);
    card.sub.textContent = hosts + (hosts === 1 ? " host" : " hosts");
    set(card, "Executed/s", fixed(rate, 1));
    set(card, "Active", whole(e.currentActiveCount));
    set(card, "Queued", whole(e.currentQueueSize), e.currentQueueSize > 0);
    set(card, "Pool size", whole(e.currentPoolSize));
    set(card, "Max active", whole(e.rollingMaxActiveThreads));
    set(card, "Rejected", whole(e.rollingCountCommandRejections), e.rollingCountCommandRejections > 0);
    set(card, "Core", whole(e.currentCorePoolSize));
    set(card, "Maximum", whole(e.currentMaximumPoolSize));
    set(card, "Queue limit", whole(e.propertyValue_queueSizeRejectionThreshold / hosts));
    drawSpark(card, track(keyOf(e), rate, now));
  }

  function updateCollapser(card, e, now) {
    var hosts = e.reportingHosts > 0 ? e.reportingHosts : 1;
    var seconds = windowSeconds(e.firebreak_propertyValue_metricsRollingStatisticalWindowInMilliseconds, hosts);
    var batches = (e.rollingCountBatches || 0) / seconds;
    var sizes = e.batchSize || {};
    card.sub.textContent = "through " + label(e.firebreak_guard) + " · " + label(e.firebreak_dispatchStrategy)
      + " · " + hosts + (hosts === 1 ? " host" : " hosts");
    set(card, "Batches/s", fixed(batches, 1));
    set(card, "Requests/s", fixed((e.rollingCountRequestsBatched || 0) / seconds, 1));
    set(card, "Mean batch", whole(e.batchSize_mean / hosts));
    set(card, "p50 batch", whole(sizes["50"] / hosts));
    set(card, "p99 batch", whole(sizes["99"] / hosts));
    set(card, "Max batch", whole(sizes["100"] / hosts));
    set(card, "Shards", whole(e.firebreak_rollingCountShards));
    set(card, "In flight", whole(e.firebreak_batchesInFlight));
    set(card, "From cache", whole(e.rollingCountResponsesFromCache));
    drawSpark(card, track(keyOf(e), batches, now));
  }

  /* Calls per second from a cumulative count: its change over the last second or more. */
  function callRate(key, calls, now) {
    var last = rates.get(key);
    if (!last || typeof calls !== "number" || calls < last.calls) {
      rates.set(key, { at: now, calls: calls, rate: 0 });  /* first sight, or a host left the sum */
      return 0;
    }
    if (now - last.at >= 1000) {
      rates.set(key, { at: now, calls: calls, rate: (calls - last.calls) * 1000 / (now - last.at) });
    }
    return rates.get(key).rate;
  }

  /* The retry budget's use over its window, summed over the hosts: "extras / allowance". */
  function budgetUsed(e) {
    if (e.propertyValue_budgetEnabled === false) { return "off"; }
    return whole(e.budget_extrasInWindow) + " / " + whole(e.budget_allowance);
  }

  /* What retry and hedging events share: the guard, the hosts, the rate, the calls and the budget. */
  function updatePolicy(card, e, now) {
    var hosts = e.reportingHosts > 0 ? e.reportingHosts : 1;
    var rate = callRate(keyOf(e), e.cumulativeCountCalls, now);
    card.sub.textContent = "guard " + label(e.guard) + " · " + hosts + (hosts === 1 ? " host" : " hosts");
    set(card, "Calls/s", fixed(rate, 1));
    set(card, "Calls", whole(e.cumulativeCountCalls));
    set(card, "Attempts", whole(e.cumulativeCountAttempts));
    set(card, "Budget used", budgetUsed(e));
    drawSpark(card, track(keyOf(e), rate, now));
  }

  function updateRetry(card, e, now) {
    updatePolicy(card, e, now);
    set(card, "Retried", whole(e.cumulativeCountRetried));
    set(card, "Budget exhausted", whole(e.cumulativeCountRetryBudgetExhausted), e.cumulativeCountRetryBudgetExhausted > 0);
    set(card, "Deadline reached", whole(e.cumulativeCountDeadlineReached), e.cumulativeCountDeadlineReached > 0);
    set(card, "Fallbacks", whole(e.cumulativeCountFallbacks));
    var hosts = e.reportingHosts > 0 ? e.reportingHosts : 1;
    set(card, "Max attempts", whole(e.propertyValue_maxAttempts / hosts));
  }

  function updateHedge(card, e, now) {
    updatePolicy(card, e, now);
    set(card, "Hedged", whole(e.cumulativeCountHedged));
    set(card, "Hedge wins", whole(e.cumulativeCountHedgeWins));
    set(card, "Losers cancelled", whole(e.cumulativeCountLosersCancelled));
    set(card, "Budget exhausted", whole(e.cumulativeCountHedgeBudgetExhausted), e.cumulativeCountHedgeBudgetExhausted > 0);
    var hosts = e.reportingHosts > 0 ? e.reportingHosts : 1;
    /* -1 while a host has no latency percentile yet: no mean over hosts then */
    var delay = e.currentDelayInMilliseconds;
    set(card, "Delay ms", typeof delay === "number" && delay >= 0 ? whole(delay / hosts) : "–");
  }

  /* ------------------------------------------------------------------ rendering */

  function scheduleRender() {
    if (renderPending) { return; }
    renderPending = true;
    window.setTimeout(render, RENDER_EVERY_MS);
  }

  function render() {
    renderPending = false;
    var now = Date.now();
    fleet.expire(now, EXPIRE_AFTER_MS);
    var seen = new Set();
    fleet.snapshot().forEach(function (e) {
      var container = containers[e.type];
      if (!container) { return; }
      var key = keyOf(e);
      seen.add(key);
      var card = cards.get(key);
      if (!card) {
        card = newCard(e);
        cards.set(key, card);
        insertSorted(container, card, e.name);
      }
      if (e.type === "HystrixCommand") { updateCommand(card, e, now); }
      else if (e.type === "HystrixThreadPool") { updatePool(card, e, now); }
      else if (e.type === "FirebreakRetry") { updateRetry(card, e, now); }
      else if (e.type === "FirebreakHedge") { updateHedge(card, e, now); }
      else { updateCollapser(card, e, now); }
    });
    cards.forEach(function (card, key) {
      if (!seen.has(key)) {
        card.root.remove();
        cards.delete(key);
        history.delete(key);
        rates.delete(key);
      }
    });
    /* keep expiring silent streams even when no message arrives */
    if (cards.size > 0) { scheduleRender(); }
  }

  /* ------------------------------------------------------------------ start */

  document.getElementById("add-stream").addEventListener("submit", function (submitted) {
    submitted.preventDefault();
    var input = document.getElementById("stream-url");
    if (addStream(input.value.trim())) {
      input.value = "";
      rememberStreams();
    }
  });

  initialStreams().forEach(addStream);
})();
