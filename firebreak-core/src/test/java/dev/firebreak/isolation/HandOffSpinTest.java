package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The adaptive spin: it spins while spins pay, probes when they do not, and never exceeds its cap. */
class HandOffSpinTest {

    private static HandOffSpin site(int maxSpinners) {
        return HandOffSpin.adaptive(100, maxSpinners, new AtomicInteger());
    }

    @Test
    void aNewSiteSpinsAndKeepsSpinningWhileSpinsFindTheWork() {
        HandOffSpin spin = site(1);
        for (int i = 0; i < 1_000; i++) {
            assertThat(spin.begin()).as("wait %d", i).isEqualTo(100);
            spin.end(true);
        }
        assertThat(spin.score()).isEqualTo(HandOffSpin.SCORE_MAX);
    }

    @Test
    void spinsThatEndInAParkStopTheSpinningExceptForTheProbeBursts() {
        HandOffSpin spin = site(1);
        int spun = 0;
        for (int i = 0; i < 1_600; i++) {
            if (spin.begin() > 0) {
                spun++;
                spin.end(false);
            }
        }
        // the first wait spins (a new site starts at the threshold; one park takes it below), then only
        // the probes do: PROBE_BURST waits in a row in every PROBE_PERIOD
        assertThat(spin.score()).isZero();
        int probes = 1_600 * HandOffSpin.PROBE_BURST / HandOffSpin.PROBE_PERIOD;
        assertThat(spun).isBetween(probes - HandOffSpin.PROBE_BURST, probes + HandOffSpin.PROBE_BURST + 1);
    }

    @Test
    void successfulProbesBringTheSpinningBack() {
        HandOffSpin spin = site(1);
        for (int i = 0; i < 100; i++) {
            if (spin.begin() > 0) {
                spin.end(false); // a busy machine
            }
        }
        assertThat(spin.score()).isLessThan(HandOffSpin.THRESHOLD);
        int waitsUntilSpinningAgain = 0;
        while (spin.score() < HandOffSpin.THRESHOLD) {
            waitsUntilSpinningAgain++;
            if (spin.begin() > 0) {
                spin.end(true); // the machine is quiet again: the probes find the work
            }
        }
        // one probe that finds the work is enough, and a burst comes within a period
        assertThat(waitsUntilSpinningAgain).isLessThanOrEqualTo(HandOffSpin.PROBE_PERIOD);
        assertThat(spin.begin()).isEqualTo(100);
        spin.end(true);
    }

    @Test
    void mostWaitsSpinWhenMostSpinsPayAndFewWhenMostDoNot() {
        for (long seed = 1; seed <= 5; seed++) {
            assertThat(spinShareWithSuccessRate(0.95, seed)).as("95 %% of spins pay, seed %d", seed).isGreaterThan(0.9);
            assertThat(spinShareWithSuccessRate(0.4, seed)).as("40 %% of spins pay, seed %d", seed).isLessThan(0.2);
            assertThat(spinShareWithSuccessRate(0.0, seed)).as("no spin pays, seed %d", seed).isLessThan(0.07);
        }
    }

    private static double spinShareWithSuccessRate(double rate, long seed) {
        HandOffSpin spin = site(1);
        SplittableRandom random = new SplittableRandom(seed);
        int spun = 0;
        int waits = 20_000;
        for (int i = 0; i < waits; i++) {
            if (spin.begin() > 0) {
                spun++;
                spin.end(random.nextDouble() < rate);
            }
        }
        return (double) spun / waits;
    }

    @Test
    void aSiteWhoseSpinnersAreAllTakenParksAtOnce() {
        AtomicInteger spinners = new AtomicInteger();
        HandOffSpin a = HandOffSpin.adaptive(100, 1, spinners);
        HandOffSpin b = HandOffSpin.adaptive(100, 1, spinners);
        assertThat(a.begin()).isEqualTo(100);
        assertThat(b.begin()).as("the one spinner allowed is taken").isZero();
        a.end(true);
        assertThat(b.begin()).isEqualTo(100);
        b.end(true);
        assertThat(spinners).hasValue(0);
    }

    @Test
    void fixedSitesIgnoreScoreAndCap() {
        HandOffSpin off = HandOffSpin.fixed(0);
        HandOffSpin always = HandOffSpin.fixed(7);
        for (int i = 0; i < 100; i++) {
            assertThat(off.begin()).isZero();
            assertThat(always.begin()).isEqualTo(7);
            always.end(false);
        }
        assertThat(always.adaptive()).isFalse();
    }

    @Test
    void anAdaptiveSpinEndsWhenItsTimeIsUpNotAfterAFixedNumberOfRounds() {
        HandOffSpin spin = HandOffSpin.site(); // the production site: its bound in rounds is only a backstop
        assertThat(spin.rounds()).isGreaterThan(100_000);
        long now = Ticker.system().read();
        long longAgo = now - 1_000 * HandOffSpin.DEFAULT_SPIN_NANOS;
        long farAhead = now + 1_000 * HandOffSpin.DEFAULT_SPIN_NANOS;
        int check = HandOffSpin.CHECK_EVERY - 1; // the rounds at which the clock is read
        // between two readings the spin goes on, whatever the time
        assertThat(spin.goOn(0, longAgo)).isTrue();
        assertThat(spin.goOn(check - 1, longAgo)).isTrue();
        // at a reading: over once the time bound has passed, not before
        assertThat(spin.goOn(check, longAgo)).isFalse();
        assertThat(spin.goOn(check + HandOffSpin.CHECK_EVERY, longAgo)).isFalse();
        assertThat(spin.goOn(check, farAhead)).isTrue();
        // and never past the backstop
        assertThat(spin.goOn(spin.rounds(), farAhead)).isFalse();
    }

    @Test
    void aSpinOfTheProductionSiteEndsOnItsOwnWhenNothingComes() {
        HandOffSpin spin = HandOffSpin.site();
        long start = spin.spinStart();
        int rounds = 0;
        while (spin.goOn(rounds, start)) {
            Thread.onSpinWait();
            rounds++;
        }
        // it ended by its time bound (the loop would otherwise run a million rounds), at a reading
        assertThat(rounds).isLessThan(spin.rounds()).isPositive();
        assertThat(rounds % HandOffSpin.CHECK_EVERY).isEqualTo(HandOffSpin.CHECK_EVERY - 1);
    }

    @Test
    void aFixedSiteCountsRoundsOnlyAndNeverReadsTheClock() {
        HandOffSpin always = HandOffSpin.fixed(40);
        assertThat(always.spinStart()).isZero();
        // a start long before any reading: a fixed site ignores time, so only the rounds end it
        assertThat(always.goOn(HandOffSpin.CHECK_EVERY - 1, Long.MIN_VALUE / 2)).isTrue();
        assertThat(always.goOn(39, 0L)).isTrue();
        assertThat(always.goOn(40, 0L)).isFalse();
    }

    @Test
    void theSpinnerCapHoldsAcross64Threads() throws Exception {
        int cap = 3;
        AtomicInteger spinners = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<HandOffSpin> sites = List.of(HandOffSpin.adaptive(100, cap, spinners),
                HandOffSpin.adaptive(100, cap, spinners));
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 64; t++) {
            HandOffSpin spin = sites.get(t % 2);
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < 20_000; i++) {
                    if (spin.begin() > 0) {
                        most.accumulateAndGet(spinners.get(), Math::max);
                        Thread.onSpinWait();
                        spin.end(random.nextBoolean());
                    }
                }
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(most.get()).isBetween(1, cap);
        assertThat(spinners).hasValue(0);
        for (HandOffSpin site : sites) {
            assertThat(site.score()).isBetween(0, HandOffSpin.SCORE_MAX);
        }
    }
}
