#!/usr/bin/env python3
"""A discrete-event model of Firebreak's LOAD_AWARE v2 dispatch against a TIMER window.

The rules modelled are those of firebreak-core's BatchQueue / LoadAwarePacing:
  idle            a request that finds nothing in flight and nothing waiting leaves at once, alone
  busy            otherwise it gathers; the batch leaves when a slot is free (< k in flight), its linger
                  has ended (GAP without a new request, or LINGER since it started, LINGER capped at the
                  pacing interval), and the pacing allows it
  slot frees      for a batch that waited for a slot, its linger starts over
  pacing          only while >= 3/4 of the k slots are busy: departures spaced by EWMA(batch latency)/k,
                  a virtual schedule with a burst of two; an unpaced departure carries no debt
Closed loop: N clients, exponential turnaround THINK after each answer. Open loop: Poisson at RATE.
Downstream: LATENCY per call times a mean-one lognormal jitter. Figures are averaged over 3 seeds.
Example: python3 load_aware_v2.py --think 0.003
"""
import argparse, heapq, random, statistics


def run(strategy, k=8, gap=0.003, linger=0.020, window=0.010, n=100, latency=0.5, jitter=0.02,
        think=0.003, rate=None, duration=40.0, warmup=5.0, seed=1):
    rnd = random.Random(seed)
    ev, seq, lats, sizes = [], [0], [], []
    st = dict(inflight=0, gather=[], start=0.0, last=0.0, due=None, ewma=None, check=None, wopen=False)

    def push(t, kind, p=None):
        seq[0] += 1
        heapq.heappush(ev, (t, seq[0], kind, p))
        return seq[0]

    def interval():
        return st['ewma'] / k if st['ewma'] else 0.0

    def paced(inflight):
        return 4 * inflight >= 3 * k

    def depart(t, batch):
        i = interval()
        frm = st['due'] if (paced(st['inflight']) and st['due'] is not None and st['due'] > t) else t
        st['due'] = frm + i
        sizes.append(len(batch))
        st['inflight'] += 1
        push(t + latency * (rnd.lognormvariate(0, jitter) if jitter else 1), 'done', (t, batch))

    def decide(t):
        if not st['gather'] or st['inflight'] >= k:
            return
        mx = min(linger, interval()) if interval() > 0 else linger
        lin = min(st['start'] + mx, st['last'] + gap) if gap > 0 else st['start'] + mx
        pace = st['due'] if (st['due'] is not None and paced(st['inflight'])) else t
        at = max(lin, pace, t)
        if at <= t:
            b, st['gather'] = st['gather'], []
            depart(t, b)
        else:
            st['check'] = push(at, 'check')

    def arrive(t):
        if strategy == 'none':
            depart(t, [t])
        elif strategy == 'timer':
            st['gather'].append(t)
            if not st['wopen']:
                st['wopen'] = True
                push(t + window, 'close')
        elif st['inflight'] == 0 and not st['gather']:
            depart(t, [t])
        else:
            if not st['gather']:
                st['start'] = t
            st['last'] = t
            st['gather'].append(t)
            decide(t)

    if rate:
        t = 0.0
        while t < duration:
            t += rnd.expovariate(rate)
            push(t, 'arrive')
    else:
        for _ in range(n):
            push(rnd.random() * latency, 'arrive')
    while ev:
        t, s, kind, p = heapq.heappop(ev)
        if t > duration:
            break
        if kind == 'arrive':
            arrive(t)
        elif kind == 'close':
            st['wopen'] = False
            b, st['gather'] = st['gather'], []
            if b:
                depart(t, b)
        elif kind == 'check':
            if s == st['check']:
                decide(t)
        elif kind == 'done':
            start, batch = p
            waited = st['gather'] and st['inflight'] >= k
            st['inflight'] -= 1
            d = t - start
            st['ewma'] = d if st['ewma'] is None else st['ewma'] + (d - st['ewma']) / 4
            for a in batch:
                if t > warmup:
                    lats.append(t - a)
                if not rate:
                    push(t + (rnd.expovariate(1 / think) if think else 0.0), 'arrive')
            if strategy == 'load-aware':
                if waited:
                    st['start'] = st['last'] = t
                decide(t)
    lats.sort()
    return dict(tps=len(lats) / (duration - warmup), added=statistics.mean(lats) * 1000 - latency * 1000,
                p99=lats[int(len(lats) * 0.99)] * 1000, calls=len(sizes) / duration, batch=statistics.mean(sizes))


def averaged(*args, **kw):
    rs = [run(*args, seed=s, **kw) for s in (1, 2, 3)]
    return {key: sum(r[key] for r in rs) / len(rs) for key in rs[0]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--think', type=float, default=0.003, help='closed loop: mean turnaround, seconds')
    ap.add_argument('--rate', type=float, default=None, help='open loop: arrivals per second')
    ap.add_argument('--gap', type=float, default=0.003)
    ap.add_argument('--linger', type=float, default=0.020)
    a = ap.parse_args()
    rows = [('none', {}), ('timer', dict(window=0.010)), ('timer', dict(window=0.100))]
    rows += [('load-aware', dict(k=k, gap=a.gap, linger=a.linger)) for k in (2, 3, 4, 8, 14, 16)]
    print('| strategy | TPS | added mean ms | p99 ms | calls/s | mean batch |\n|---|---:|---:|---:|---:|---:|')
    for strategy, params in rows:
        r = averaged(strategy, think=a.think, rate=a.rate, **params)
        name = {'none': 'none', 'timer': f"TIMER {params.get('window', 0) * 1000:.0f} ms"}.get(strategy, f"LOAD_AWARE k={params.get('k')}")
        print(f"| {name} | {r['tps']:.1f} | {r['added']:.1f} | {r['p99']:.1f} | {r['calls']:.1f} | {r['batch']:.1f} |")


if __name__ == '__main__':
    main()
