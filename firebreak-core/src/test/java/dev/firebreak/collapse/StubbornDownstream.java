package dev.firebreak.collapse;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A batch dependency that outlives the guard's timeout: every call (blocking or a stage) waits until
 * the test opens the gate, and a blocking call ignores interrupts while it waits (it only counts them).
 * Once open, calls answer "v" + argument for each request, in order.
 */
final class StubbornDownstream implements BatchFunction<Integer, List<String>>, AsyncBatchFunction<Integer, List<String>> {

    private record Pending(List<Integer> arguments, CompletableFuture<List<String>> stage) {
    }

    private final CountDownLatch gate = new CountDownLatch(1);
    private final List<Pending> stages = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger interrupts = new AtomicInteger();

    @Override
    public List<String> call(List<Integer> arguments) {
        calls.incrementAndGet();
        boolean interrupted = false;
        while (true) {
            try {
                gate.await();
                break;
            } catch (InterruptedException e) {
                interrupts.incrementAndGet();
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt(); // as a stubborn library would: the flag stays set
        }
        return CollapserFixture.values(arguments);
    }

    @Override
    public CompletionStage<List<String>> start(List<Integer> arguments) {
        calls.incrementAndGet();
        Pending pending = new Pending(List.copyOf(arguments), new CompletableFuture<>());
        stages.add(pending);
        if (gate.getCount() == 0) { // opened meanwhile: open() may not have seen this stage
            answer(pending);
        }
        return pending.stage();
    }

    /** Lets every waiting and future call through. */
    void open() {
        gate.countDown();
        for (Pending pending : stages) {
            answer(pending);
        }
    }

    private static void answer(Pending pending) {
        pending.stage().complete(CollapserFixture.values(pending.arguments()));
    }

    /** Calls received so far (blocking calls that entered, stages started). */
    int calls() {
        return calls.get();
    }

    /** Interrupts the blocking calls received and ignored. */
    int interrupts() {
        return interrupts.get();
    }
}
