/** Micrometer meters for the application's guards, pools and collapsers. */
package dev.firebreak.spring.boot.metrics;
