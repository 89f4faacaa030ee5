/*
 * Firebreak dashboard: Turbine-style aggregation of hystrix.stream events from several instances.
 *
 * A plain script with no dependency: it defines globalThis.FirebreakAggregate, usable in the page,
 * from a test (page.evaluate) or from any JavaScript runtime.
 *
 *   const fleet = FirebreakAggregate.create();
 *   fleet.accept("http://a:7979/hystrix.stream", event, Date.now()); // the latest event per source
 *   fleet.removeSource("http://a:7979/hystrix.stream");             // that instance's stream ended
 *   fleet.expire(Date.now(), 5000);                                  // forget entries not refreshed
 *   fleet.snapshot();                                                // aggregated events, by type, name
 *
 * Rules (Turbine 1.x's, with two documented differences), applied per key of the events that share
 * a type and a name, one event per source:
 *   - reportingHosts: summed; a missing value counts as 1;
 *   - integers: summed (counts, latencies, property values: the reader divides by reportingHosts
 *     where a per-host figure is wanted, as the Hystrix Dashboard does);
 *   - nested objects (latency and batch-size percentiles): summed key by key, with these same rules;
 *   - strings, booleans, null and non-integer numbers: the plain value when every source agrees,
 *     else an object value -> number of sources, e.g. isCircuitBreakerOpen {"true": 1, "false": 2};
 *   - currentTime: the newest (Turbine 1.x sums it, which means nothing);
 *   - an event with deleteData "true" (a Turbine tombstone) removes that source's entry.
 */
(function (root) {
  "use strict";

  function isPlainObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function isInteger(value) {
    return typeof value === "number" && Number.isInteger(value);
  }

  /* Merges the values that several sources gave for one key. */
  function mergeValues(key, values) {
    if (key === "currentTime") {
      return Math.max.apply(null, values.filter(isInteger));
    }
    if (values.every(isInteger)) {
      return values.reduce(function (sum, v) { return sum + v; }, 0);
    }
    if (values.every(isPlainObject)) {
      return mergeObjects(values);
    }
    var counts = {};
    var distinct = [];
    values.forEach(function (v) {
      var label = isPlainObject(v) || Array.isArray(v) ? JSON.stringify(v) : String(v);
      if (!Object.prototype.hasOwnProperty.call(counts, label)) {
        counts[label] = 0;
        distinct.push(v);
      }
      counts[label] += 1;
    });
    return distinct.length === 1 ? distinct[0] : counts;
  }

  /* Merges objects key by key (a key missing from a source is merged over the sources that have it). */
  function mergeObjects(objects) {
    var keys = [];
    var seen = Object.create(null);
    objects.forEach(function (o) {
      Object.keys(o).forEach(function (k) {
        if (!seen[k]) { seen[k] = true; keys.push(k); }
      });
    });
    var merged = {};
    keys.forEach(function (k) {
      var values = objects.filter(function (o) { return Object.prototype.hasOwnProperty.call(o, k); })
        .map(function (o) { return o[k]; });
      merged[k] = mergeValues(k, values);
    });
    return merged;
  }

  /**
   * Aggregates the events that share a type and a name, one per source, into one event.
   * Pure: the inputs are not changed.
   */
  function merge(events) {
    if (events.length === 0) {
      return null;
    }
    var withHosts = events.map(function (e) {
      var copy = Object.assign({}, e);
      if (!isInteger(copy.reportingHosts)) {
        copy.reportingHosts = 1;
      }
      return copy;
    });
    var merged = mergeObjects(withHosts);
    merged.type = events[0].type;
    merged.name = events[0].name;
    return merged;
  }

  function keyOf(event) {
    return event.type + "\u0000" + event.name;
  }

  /** A fleet view: the latest event of each source for each type and name. */
  function create() {
    var entries = new Map(); /* key -> Map(source -> {event, at}) */

    return {
      /* Records the latest event of `source`; events without a type or a name are ignored. */
      accept: function (source, event, nowMs) {
        if (!isPlainObject(event) || typeof event.type !== "string" || typeof event.name !== "string") {
          return false;
        }
        var key = keyOf(event);
        if (event.deleteData === "true" || event.deleteData === true) {
          var bySource = entries.get(key);
          if (bySource) {
            bySource.delete(source);
            if (bySource.size === 0) { entries.delete(key); }
          }
          return true;
        }
        if (!entries.has(key)) {
          entries.set(key, new Map());
        }
        entries.get(key).set(source, { event: event, at: nowMs });
        return true;
      },

      /* Forgets everything `source` reported (its stream ended or failed). */
      removeSource: function (source) {
        entries.forEach(function (bySource, key) {
          bySource.delete(source);
          if (bySource.size === 0) { entries.delete(key); }
        });
      },

      /* Forgets entries older than maxAgeMs (a guard an instance stopped reporting). */
      expire: function (nowMs, maxAgeMs) {
        entries.forEach(function (bySource, key) {
          bySource.forEach(function (entry, source) {
            if (nowMs - entry.at > maxAgeMs) { bySource.delete(source); }
          });
          if (bySource.size === 0) { entries.delete(key); }
        });
      },

      /* The sources that reported the event of this type and name. */
      sources: function (type, name) {
        var bySource = entries.get(type + "\u0000" + name);
        return bySource ? Array.from(bySource.keys()) : [];
      },

      /* Aggregated events, sorted by type then name. */
      snapshot: function () {
        var out = [];
        entries.forEach(function (bySource) {
          var events = [];
          bySource.forEach(function (entry) { events.push(entry.event); });
          out.push(merge(events));
        });
        out.sort(function (a, b) {
          return a.type < b.type ? -1 : a.type > b.type ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
        });
        return out;
      }
    };
  }

  /* Figures a reader derives from an (aggregated) command event, as the Hystrix Dashboard does. */
  function commandFigures(e) {
    var hosts = isInteger(e.reportingHosts) && e.reportingHosts > 0 ? e.reportingHosts : 1;
    var summedWindow = e.propertyValue_metricsRollingStatisticalWindowInMilliseconds;
    var windowMs = isInteger(summedWindow) && summedWindow > 0 ? summedWindow / hosts : 10000;
    var requests = e.requestCount || 0;
    var open = e.isCircuitBreakerOpen;
    var openHosts = open === true ? hosts : open === false ? 0
      : isInteger(open) ? open : isPlainObject(open) ? (open["true"] || 0) : 0;
    return {
      hosts: hosts,
      ratePerSecond: requests / (windowMs / 1000),
      ratePerSecondPerHost: requests / (windowMs / 1000) / hosts,
      errorPercentage: requests > 0 ? Math.floor((e.errorCount || 0) * 100 / requests) : 0,
      openHosts: openHosts,
      /* per-host mean of a summed percentile or mean */
      perHost: function (value) { return isInteger(value) ? Math.round(value / hosts) : value; }
    };
  }

  root.FirebreakAggregate = { create: create, merge: merge, commandFigures: commandFigures };
})(typeof globalThis !== "undefined" ? globalThis : this);
