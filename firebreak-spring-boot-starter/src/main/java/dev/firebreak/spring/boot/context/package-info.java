/** Context propagation into guarded calls through Micrometer's context-propagation library. */
package dev.firebreak.spring.boot.context;
