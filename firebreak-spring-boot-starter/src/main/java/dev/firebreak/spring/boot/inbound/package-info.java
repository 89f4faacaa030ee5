/**
 * Inbound protection: a Servlet filter and a WebFlux {@code WebFilter} that put the service's own endpoints
 * under guards, per path pattern, and read the caller's criticality from a header.
 */
package dev.firebreak.spring.boot.inbound;
