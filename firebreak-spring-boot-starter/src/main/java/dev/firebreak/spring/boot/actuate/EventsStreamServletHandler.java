package dev.firebreak.spring.boot.actuate;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code /actuator/firebreak/events/stream} on the servlet stack (Spring MVC): the events of
 * {@link FirebreakEvents} as Server-Sent Events, filtered by {@code policy} and {@code kind} as the
 * endpoint's, read-only. A client first gets the comment {@code : firebreak events} (so the response's
 * head leaves at once and a browser sees the stream open), then the events kept now, then each new one
 * as it is recorded ({@code id}: the event's number, {@code event}: its kind, {@code data}: the event as
 * JSON), and a comment every 10 s while nothing happens. At most {@code maxConnections} streams at once (503 beyond).
 */
@Controller
public class EventsStreamServletHandler {

    /** Events waiting for a slow client at most; past it new ones are dropped for that client only. */
    static final int OUTBOX = 256;

    /** The comment every stream starts with. */
    static final String OPENING = "firebreak events";

    private final Supplier<FirebreakEvents> events;
    private final Semaphore slots;
    private final int maxConnections;

    /** Streams the events {@code events} gives, to at most {@code maxConnections} clients at once. */
    public EventsStreamServletHandler(Supplier<FirebreakEvents> events, int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("firebreak.events.stream.max-connections = " + maxConnections
                    + ": must be at least 1");
        }
        this.events = Objects.requireNonNull(events, "events");
        this.maxConnections = maxConnections;
        this.slots = new Semaphore(maxConnections);
    }

    /** Opens one stream; 400 for an unknown {@code kind}, 404 without a feed, 503 beyond the cap. */
    @GetMapping("${management.endpoints.web.base-path:/actuator}/firebreak/events/stream")
    public ResponseEntity<?> stream(@RequestParam(name = "policy", required = false) String policy,
            @RequestParam(name = "kind", required = false) String kind) {
        PolicyEvent.Kind wanted;
        try {
            wanted = kind == null || kind.isBlank() ? null : PolicyEvent.Kind.parse(kind);
        } catch (IllegalArgumentException bad) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(bad.getMessage() + "\n");
        }
        FirebreakEvents feed = events.get();
        if (feed == null) {
            return ResponseEntity.notFound().build();
        }
        if (!slots.tryAcquire()) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(MediaType.TEXT_PLAIN)
                    .body("at most " + maxConnections + " event streams at once (firebreak.events.stream.max-connections)\n");
        }
        String name = policy == null || policy.isBlank() ? null : policy;
        SseEmitter emitter = new SseEmitter(0L); // no async timeout: the client decides when to leave
        Connection connection = new Connection(emitter);
        // Subscribed before the snapshot is read: an event recorded in between is in one or both, and
        // the sender skips what the snapshot already gave.
        connection.subscription = feed.subscribe(name, wanted, connection::offer);
        List<PolicyEvent> kept = feed.events(name, wanted);
        connection.sender = Thread.ofVirtual().name("firebreak-events-stream").start(() -> connection.run(kept));
        emitter.onCompletion(connection::end);
        emitter.onTimeout(connection::end);
        emitter.onError(failure -> connection.end());
        return ResponseEntity.ok().header("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate")
                .body(emitter);
    }

    /** One client: its bounded outbox, the virtual thread that writes to it, and its slot. */
    private final class Connection {
        private final SseEmitter emitter;
        private final BlockingQueue<PolicyEvent> outbox = new ArrayBlockingQueue<>(OUTBOX);
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile AutoCloseable subscription;
        private volatile Thread sender;

        Connection(SseEmitter emitter) {
            this.emitter = emitter;
        }

        /** On the recording thread: never blocks; a full outbox drops the event for this client. */
        void offer(PolicyEvent event) {
            outbox.offer(event);
        }

        void run(List<PolicyEvent> kept) {
            try {
                // Without a first write the head waits for an event or the first keep-alive (10 s).
                emitter.send(SseEmitter.event().comment(OPENING));
                long last = 0;
                for (PolicyEvent event : kept) {
                    send(event);
                    last = Math.max(last, event.id());
                }
                while (!ended.get()) {
                    PolicyEvent event = outbox.poll(10, TimeUnit.SECONDS);
                    if (event == null) {
                        emitter.send(SseEmitter.event().comment("no events"));
                    } else if (event.id() > last) {
                        send(event);
                    }
                }
            } catch (InterruptedException | IOException | IllegalStateException gone) {
                // the client left or the emitter completed: end below
            } finally {
                end();
                emitter.complete();
            }
        }

        private void send(PolicyEvent event) throws IOException {
            emitter.send(SseEmitter.event().id(Long.toString(event.id())).name(event.kind().name())
                    .data(event.view(), MediaType.APPLICATION_JSON));
        }

        /** Once, whoever comes first: unsubscribes, gives the slot back, stops the sender. */
        void end() {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            try {
                AutoCloseable subscribed = subscription;
                if (subscribed != null) {
                    subscribed.close();
                }
            } catch (Exception ignored) {
                // removing a subscription does not fail
            } finally {
                slots.release();
                Thread thread = sender;
                if (thread != null && thread != Thread.currentThread()) {
                    thread.interrupt();
                }
            }
        }
    }
}
