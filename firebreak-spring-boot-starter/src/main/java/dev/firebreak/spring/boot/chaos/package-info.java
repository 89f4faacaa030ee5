/**
 * Fault injection in a Spring Boot application: {@code firebreak.chaos.enabled} lets the starter's registry
 * inject faults ({@code firebreak.command.<guard>.chaos.*}), and {@code firebreak.chaos.headers} names the
 * request headers whose values tag a request for guards scoped by {@code chaos.tags}.
 */
package dev.firebreak.spring.boot.chaos;
