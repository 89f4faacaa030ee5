package dev.firebreak.lab.service;

/** The seed's facade over the random-number API: one blocking call fetching {@code howMany} integers. */
@FunctionalInterface
public interface RandomOrgClient {

    /**
     * Fetches {@code howMany} random integers.
     *
     * @throws DownstreamException if the downstream answered with an error
     */
    RandomIntegers generateIntegers(int howMany) throws Exception;
}
