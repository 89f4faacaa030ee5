/**
 * How javanica's annotations run on the Firebreak Hystrix bridge: definitions resolved at startup,
 * the commands and collapsers made per call, and the Spring Boot auto-configuration.
 */
package dev.firebreak.hystrix.javanica;
