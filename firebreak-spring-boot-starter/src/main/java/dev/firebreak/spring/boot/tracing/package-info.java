/** Spans of guarded calls through Micrometer's Observation API (Spring Boot's Micrometer Tracing). */
package dev.firebreak.spring.boot.tracing;
