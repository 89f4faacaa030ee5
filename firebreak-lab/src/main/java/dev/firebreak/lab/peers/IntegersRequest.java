package dev.firebreak.lab.peers;

/**
 * One caller's request as a collapser argument. Since Hystrix 1.5.4 a collapser merges requests whose
 * arguments are equal within a batch; the seed asked every caller for {@code howMany = 1}, so on 1.5.18
 * a whole batch would ask the downstream for one integer and every caller would get the same number.
 * The lab defeats the merge fairly by giving each request a distinct {@code id}: equality includes it.
 *
 * @param id unique per request
 * @param howMany integers this caller wants
 */
public record IntegersRequest(long id, int howMany) {
}
