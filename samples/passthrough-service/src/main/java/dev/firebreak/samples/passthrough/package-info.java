/**
 * Seed 002's pass-through service: {@code POST /passthrough/message} relays a {@link
 * dev.firebreak.samples.passthrough.Message} to a slow downstream and answers its {@link
 * dev.firebreak.samples.passthrough.MessageAck}, under the guard {@code passthrough} configured in
 * {@code application.yml}; on Spring MVC with virtual threads ({@code mvc}) and on WebFlux ({@code webflux}).
 */
package dev.firebreak.samples.passthrough;
