package dev.firebreak.spring.boot.actuate;

import java.util.Objects;
import org.springframework.cloud.client.discovery.event.HeartbeatEvent;
import org.springframework.context.ApplicationListener;

/** A discovery heartbeat (the registry may have changed) refreshes the aggregate's instances at once. */
final class AggregateHeartbeats implements ApplicationListener<HeartbeatEvent> {

    private final AggregateInstances instances;

    AggregateHeartbeats(AggregateInstances instances) {
        this.instances = Objects.requireNonNull(instances, "instances");
    }

    @Override
    public void onApplicationEvent(HeartbeatEvent event) {
        instances.refreshSoon();
    }
}
