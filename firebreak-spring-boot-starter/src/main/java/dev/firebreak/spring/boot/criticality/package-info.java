/**
 * A request's {@link dev.firebreak.context.Criticality} across services: the header on outgoing calls
 * (RestClient, RestTemplate, WebClient), the level in Reactor's Context and in Micrometer's
 * context-propagation, so a whole request tree shares it.
 */
package dev.firebreak.spring.boot.criticality;
