package dev.firebreak.collapse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/** A fake dependency for batch calls: records every batch and hands back a stage the test completes. */
final class Downstream<A, B> implements AsyncBatchFunction<A, B> {

    /** One batch call: its arguments and the stage the test completes. */
    record Call<A, B>(List<A> arguments, CompletableFuture<B> response) {
    }

    final List<Call<A, B>> calls = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<B> start(List<A> arguments) {
        Call<A, B> call = new Call<>(List.copyOf(arguments), new CompletableFuture<>());
        calls.add(call);
        return call.response();
    }

    List<List<A>> batches() {
        List<List<A>> out = new ArrayList<>();
        for (Call<A, B> call : calls) {
            out.add(call.arguments());
        }
        return out;
    }

    Call<A, B> call(int index) {
        return calls.get(index);
    }
}
