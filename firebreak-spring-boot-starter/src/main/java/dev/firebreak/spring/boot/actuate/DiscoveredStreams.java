package dev.firebreak.spring.boot.actuate;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.DiscoveryClient;

/**
 * The stream URL of every instance Spring Cloud's {@link DiscoveryClient} lists for the service ids:
 * the instance's scheme and host, its {@code management.port} metadata if it has one (Eureka's and
 * Turbine's convention) else its port, and its {@code firebreak-stream-path} metadata if it has one
 * else {@code firebreak.aggregate.stream-path}.
 */
final class DiscoveredStreams implements Supplier<List<URI>> {

    /** An instance's metadata key naming its stream's path, over the configured one. */
    static final String PATH_METADATA = "firebreak-stream-path";

    private static final System.Logger LOG = System.getLogger(DiscoveredStreams.class.getName());

    private final ObjectProvider<DiscoveryClient> client;
    private final List<String> serviceIds;
    private final String streamPath;

    DiscoveredStreams(ObjectProvider<DiscoveryClient> client, List<String> serviceIds, String streamPath) {
        this.client = Objects.requireNonNull(client, "client");
        this.serviceIds = List.copyOf(serviceIds);
        this.streamPath = Objects.requireNonNull(streamPath, "streamPath");
    }

    @Override
    public List<URI> get() {
        DiscoveryClient discovery = client.getIfAvailable();
        if (discovery == null) {
            throw new IllegalStateException("firebreak.aggregate.service-ids = " + serviceIds
                    + ": needs a Spring Cloud DiscoveryClient bean (Eureka, Consul, Kubernetes, or"
                    + " spring.cloud.discovery.client.simple.instances.*), and there is none");
        }
        List<URI> uris = new ArrayList<>();
        for (String serviceId : serviceIds) {
            for (ServiceInstance instance : discovery.getInstances(serviceId)) {
                URI uri = streamOf(instance);
                if (uri != null) {
                    uris.add(uri);
                }
            }
        }
        return uris;
    }

    /** The instance's stream URL; null (logged) for an instance whose metadata makes none. */
    URI streamOf(ServiceInstance instance) {
        Map<String, String> metadata = instance.getMetadata() == null ? Map.of() : instance.getMetadata();
        String path = metadata.getOrDefault(PATH_METADATA, streamPath);
        try {
            int port = metadata.containsKey("management.port") ? Integer.parseInt(metadata.get("management.port").trim())
                    : instance.getPort();
            String scheme = instance.isSecure() ? "https" : "http";
            return new URI(scheme, null, instance.getHost(), port, path.startsWith("/") ? path : "/" + path, null, null);
        } catch (NumberFormatException | URISyntaxException bad) {
            LOG.log(System.Logger.Level.WARNING, "firebreak-aggregate: instance " + instance.getInstanceId() + " of "
                    + instance.getServiceId() + " is skipped, its metadata makes no stream URL: " + bad);
            return null;
        }
    }
}
