package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Bucket rotation at and across boundaries, from ordinary and hostile clock origins; the counts since
 * creation folded from the buckets as they leave, the owner's and another thread's counts read together,
 * the owner's role passing on once its thread has ended (and nothing of that thread kept reachable), and
 * on 64 threads across constant rotations.
 */
class RollingCounterTest {

    private static final long BUCKET = 1_000_000_000L; // 1 s buckets, 10 s window

    private static RollingCounter counter(long origin) {
        return new RollingCounter(3, 10 * BUCKET, 10, origin);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5 * BUCKET, Long.MIN_VALUE + 3, -7 * BUCKET - 1, Long.MAX_VALUE})
    void aSampleStaysExactlyOneWindowAndLeavesAtTheBoundary(long origin) {
        RollingCounter c = counter(origin);
        c.increment(0, origin);
        assertThat(c.sum(0, origin)).isEqualTo(1);
        assertThat(c.sum(0, origin + 10 * BUCKET - 1)).as("last nanosecond of the window").isEqualTo(1);
        assertThat(c.sum(0, origin + 10 * BUCKET)).as("first nanosecond after").isZero();
        assertThat(c.sum(1, origin)).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5 * BUCKET, Long.MIN_VALUE + 3, -7 * BUCKET - 1})
    void bucketsRotateAcrossBoundariesAndReuseSlots(long origin) {
        RollingCounter c = counter(origin);
        // one sample at the last nanosecond of every bucket, for 25 buckets
        for (int i = 0; i < 25; i++) {
            c.increment(0, origin + (i + 1) * BUCKET - 1);
            c.increment(1, origin + i * BUCKET); // and one at its first nanosecond
            long now = origin + (i + 1) * BUCKET - 1;
            long expected = Math.min(i + 1, 10);
            assertThat(c.sum(0, now)).as("after bucket %d", i).isEqualTo(expected);
            assertThat(c.sum(1, now)).isEqualTo(expected);
        }
        long end = origin + 25 * BUCKET - 1;
        assertThat(c.sums(end)).containsExactly(10, 10, 0);
        assertThat(c.sum(0, end + 1)).as("bucket 15 left the window").isEqualTo(9);
        assertThat(c.sum(0, end + 10 * BUCKET)).isEqualTo(0);
    }

    @Test
    void aSampleOlderThanItsSlotIsDroppedNotCountedInTheNewerBucket() {
        RollingCounter c = counter(0);
        c.increment(0, 12 * BUCKET); // slot 2 now serves bucket 12
        c.increment(0, 2 * BUCKET);  // a late recorder with a reading from bucket 2: outside bucket 12's window
        assertThat(c.sum(0, 12 * BUCKET)).isEqualTo(1);
        c.increment(0, BUCKET);      // bucket 1 is also outside the window at 12 (3..12), though its slot is free
        assertThat(c.sum(0, 12 * BUCKET)).isEqualTo(1);
        assertThat(c.sum(0, BUCKET)).as("seen from its own time it is there").isEqualTo(1);
    }

    @Test
    void aLongPauseExpiresEverything() {
        RollingCounter c = counter(-3);
        for (int i = 0; i < 10; i++) {
            c.increment(2, -3 + i * BUCKET);
        }
        assertThat(c.sum(2, -3 + 9 * BUCKET)).isEqualTo(10);
        long later = -3 + 1_000 * BUCKET;
        assertThat(c.sum(2, later)).isZero();
        c.increment(2, later);
        assertThat(c.sum(2, later)).isEqualTo(1);
    }

    @Test
    void incrementAllCountsEveryBitOfTheMask() {
        RollingCounter c = counter(0);
        c.incrementAll(0b101, 0);
        c.incrementAll(0b100, 0);
        assertThat(c.sums(0)).containsExactly(1, 0, 2);
    }

    @Test
    void rollingMaxIsTheHighestInTheWindow() {
        RollingCounter c = counter(Long.MAX_VALUE - BUCKET);
        long t0 = Long.MAX_VALUE - BUCKET;
        c.updateMax(7, t0);
        c.updateMax(3, t0 + 2 * BUCKET);
        c.updateMax(5, t0 + 2 * BUCKET);
        assertThat(c.max(t0 + 2 * BUCKET)).isEqualTo(7);
        assertThat(c.max(t0 + 10 * BUCKET)).as("the 7 left").isEqualTo(5);
        assertThat(c.max(t0 + 12 * BUCKET)).isZero();
    }

    @Test
    void aWindowThatDoesNotSplitEvenlyIsRefused() {
        assertThatThrownBy(() -> new RollingCounter(1, 10, 3, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("split evenly");
        assertThatThrownBy(() -> new RollingCounter(0, 10, 2, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5 * BUCKET, Long.MIN_VALUE + 3})
    void totalsSinceCreationKeepWhatLeftTheWindow(long origin) {
        RollingCounter c = counter(origin);
        for (int i = 0; i < 35; i++) { // 3.5 windows: every slot retired three times
            c.increment(0, origin + i * BUCKET);
            c.incrementAll(0b110, origin + i * BUCKET + 1);
        }
        long now = origin + 35 * BUCKET;
        assertThat(c.sum(0, now)).isEqualTo(9);
        assertThat(c.total(0)).isEqualTo(35);
        assertThat(c.totals()).containsExactly(35, 35, 35);
        c.increment(2, origin); // long gone from the window: still counted since creation
        assertThat(c.sum(2, now)).isEqualTo(9);
        assertThat(c.total(2)).isEqualTo(36);
    }

    @Test
    void theOwnersCountsAndAnotherThreadsAreReadTogetherAcrossRotations() throws Exception {
        RollingCounter c = counter(0L);
        c.increment(0, 0); // this thread records first: it owns the counter's home cells from now on
        Thread other = Thread.ofPlatform().start(() -> { // counts on the sealable cells, folded as buckets leave
            for (int i = 0; i < 35; i++) {
                c.increment(1, i * BUCKET);
                c.incrementAll(0b101, i * BUCKET);
            }
        });
        other.join();
        // The ring now holds epochs 25 to 34: the owner's events at epochs 1 to 24 have left the window
        // (counted since creation only), those at 25 to 34 land in home.
        for (int i = 1; i < 35; i++) {
            c.increment(0, i * BUCKET);
            c.increment(1, i * BUCKET + 1);
        }
        long now = 34 * BUCKET;
        assertThat(c.sums(now)).as("epochs 25 to 34, both threads").containsExactly(20, 20, 10);
        assertThat(c.totals()).containsExactly(35 + 35, 34 + 35, 35);
        assertThat(c.total(1)).isEqualTo(69);
        c.increment(2, 40 * BUCKET); // the owner retires a bucket: nothing of its own is folded, nothing doubled
        assertThat(c.totals()).containsExactly(70, 69, 36);
        assertThat(c.sums(40 * BUCKET)).as("epochs 31 to 34, and 40").containsExactly(8, 8, 5);
    }

    @Test
    void aTerminatedOwnersRoleGoesToTheNextRecorderOnceABucketIsMade() throws Exception {
        RollingCounter c = counter(0L);
        Thread first = Thread.ofPlatform().start(() -> c.increment(0, 0));
        first.join();
        assertThat(c.owner()).isSameAs(first);
        c.increment(1, 1); // the same bucket: the role is checked only when a bucket is made
        assertThat(c.owner()).as("still the terminated thread").isSameAs(first);
        c.increment(1, BUCKET); // makes the next bucket: the role is freed, and this record claims it
        assertThat(c.owner()).isSameAs(Thread.currentThread());
        c.increment(0, BUCKET);
        c.increment(0, 2); // a late record into the first bucket, on the home its first owner wrote
        assertThat(c.totals()).as("the new owner continues the first one's counts").containsExactly(3, 2, 0);
        assertThat(c.sums(BUCKET)).containsExactly(3, 2, 0);
        assertThat(c.sums(10 * BUCKET)).as("the first bucket left the window").containsExactly(1, 1, 0);
        Thread other = Thread.ofPlatform().start(() -> c.increment(2, 10 * BUCKET));
        other.join();
        assertThat(c.owner()).as("a live owner keeps the role").isSameAs(Thread.currentThread());
        assertThat(c.totals()).containsExactly(3, 2, 1);
    }

    @Test
    void aCounterKeepsNothingOfAnEndedOwnerReachable() throws Exception {
        RollingCounter c = counter(0L);
        WeakReference<Object> captured = recordOnAThreadThatEnds(c);
        for (int i = 0; i < 20 && captured.get() != null; i++) {
            System.gc(); // a full collection clears weak references to what is unreachable
        }
        assertThat(captured.get()).as("what the ended owner's task held").isNull();
        assertThat(c.owner()).as("the collected thread").isNull();
        c.increment(1, BUCKET); // makes the next bucket: the collected owner's role is freed and claimed
        assertThat(c.owner()).isSameAs(Thread.currentThread());
        assertThat(c.totals()).containsExactly(1, 1, 0);
    }

    /** Records once on a thread whose task holds an object of its own, and returns that object, weakly. */
    private static WeakReference<Object> recordOnAThreadThatEnds(RollingCounter c) throws InterruptedException {
        byte[] held = new byte[1 << 20];
        Thread thread = Thread.ofPlatform().start(() -> c.increment(0, held.length > 0 ? 0 : 1));
        thread.join();
        return new WeakReference<>(held);
    }

    @Test
    void aJointMaskIsCountedOnceAndReadInEachOfItsKinds() {
        RollingCounter c = new RollingCounter(3, new long[] {0b011}, 10 * BUCKET, 10, 0L);
        c.incrementAll(0b011, 0); // the joint cell
        c.incrementAll(0b111, 0); // not joint: one per kind
        c.incrementAll(0b001, 0);
        assertThat(c.sums(0)).containsExactly(3, 2, 1);
        assertThat(c.sum(1, 0)).isEqualTo(2);
        for (int i = 1; i <= 10; i++) { // every bucket retired
            c.increment(2, i * BUCKET);
        }
        assertThat(c.sums(10 * BUCKET)).containsExactly(0, 0, 10);
        assertThat(c.totals()).containsExactly(3, 2, 11);
        assertThat(c.total(0)).isEqualTo(3);
        assertThatThrownBy(() -> new RollingCounter(3, new long[] {0b010}, 10 * BUCKET, 10, 0L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two kinds");
        assertThatThrownBy(() -> new RollingCounter(3, new long[] {0b1001}, 10 * BUCKET, 10, 0L))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sixtyFourThreadsAcrossRotationsLoseAndDoubleNoCount() throws Exception {
        int threads = 64;
        int each = 20_000;
        int kinds = 3;
        long bucket = 1_000;
        RollingCounter c = new RollingCounter(kinds, new long[] {0b011}, 4 * bucket, 4, 0L);
        AtomicLong clock = new AtomicLong();
        AtomicLongArray completed = new AtomicLongArray(kinds);
        AtomicLong joint = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<String> readerSaw = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        Thread reader = Thread.ofPlatform().start(() -> {
            long[] last = new long[kinds];
            while (running.get()) {
                long[] before = new long[kinds];
                for (int k = 0; k < kinds; k++) {
                    before[k] = completed.get(k);
                }
                long[] totals = c.totals();
                for (int k = 0; k < kinds; k++) {
                    if (totals[k] < before[k] || totals[k] < last[k]) {
                        readerSaw.compareAndSet(null, "kind " + k + ": total " + totals[k] + ", completed before the read "
                                + before[k] + ", previous total " + last[k]);
                    }
                    last[k] = totals[k];
                }
            }
        });
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            started.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < each; i++) {
                    // Time moves a bucket every ~7 calls of all threads: slots rotate constantly, recorders hold
                    // buckets the ring's hint still names, and some readings are already older than their slot.
                    long now = (i & 7) == 0 ? clock.addAndGet(bucket / 50) : clock.get() - (i % 5) * bucket;
                    int kind = (id + i) % (kinds + 1);
                    if (kind == kinds) { // the joint cell: kinds 0 and 1 in one update
                        c.incrementAll(0b011, now);
                        joint.incrementAndGet();
                        completed.incrementAndGet(0);
                        completed.incrementAndGet(1);
                    } else if ((i & 1) == 0) {
                        c.increment(kind, now);
                        completed.incrementAndGet(kind);
                    } else {
                        c.incrementAll(1L << kind, now);
                        completed.incrementAndGet(kind);
                    }
                }
            }));
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        running.set(false);
        reader.join();
        assertThat(readerSaw.get()).as("a concurrent read").isNull();
        assertThat(clock.get() / bucket).as("buckets the clock went through").isGreaterThan(1_000);
        for (int k = 0; k < kinds; k++) {
            assertThat(c.total(k)).as("kind %d", k).isEqualTo(completed.get(k));
        }
        long[] totals = c.totals();
        assertThat(totals[0] + totals[1] + totals[2]).as("every call once, a joint one in both its kinds")
                .isEqualTo((long) threads * each + joint.get());
    }
}
