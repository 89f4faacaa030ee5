/** Firebreak's actuator endpoints and health component, and the hystrix.stream on MVC and WebFlux. */
package dev.firebreak.spring.boot.actuate;
