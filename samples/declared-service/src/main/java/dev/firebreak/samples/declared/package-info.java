/** A Spring Boot service whose resilience is declared in application.yml and on {@code @Guarded} only. */
package dev.firebreak.samples.declared;
