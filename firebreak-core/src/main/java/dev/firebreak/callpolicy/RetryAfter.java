package dev.firebreak.callpolicy;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an HTTP {@code Retry-After} header (RFC 9110, section 10.2.3): a server's "not before" as a delay
 * from {@code now}. Both forms are read: {@code delay-seconds} ({@code "120"}) and an HTTP-date in any
 * of the three forms a recipient must accept (section 5.6.7): IMF-fixdate
 * ({@code "Sun, 06 Nov 1994 08:49:37 GMT"}), the obsolete RFC 850 date ({@code "Sunday, 06-Nov-94
 * 08:49:37 GMT"}) and asctime ({@code "Sun Nov  6 08:49:37 1994"}).
 *
 * <p>Never throws for a bad value: an absent, empty, malformed or negative value, or an impossible date,
 * is {@link Optional#empty()}, "no server delay". A date at or before {@code now} is a delay of zero (come
 * back now). Names of days and months are read in any case; the day's name is not checked against the
 * date (servers get it wrong, and the date is what matters), and an IMF-fixdate's day may have one digit
 * (as Java's {@code RFC_1123_DATE_TIME} writes it). A two-digit year that would lie more than 50
 * years in the future is read as the century before (section 5.6.7). Seconds too many for a
 * {@link Duration} are read as the longest one.
 *
 * <pre>{@code
 * Optional<Duration> wait = RetryAfter.forStatus(response.statusCode(),
 *         response.headers().firstValue("Retry-After").orElse(null), now);   // now: the policy's wall time
 * }</pre>
 */
public final class RetryAfter {

    /** The header's name. */
    public static final String HEADER = "Retry-After";

    private static final String DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    private static final String LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
    private static final String MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
    private static final Pattern SECONDS = Pattern.compile("\\d+");
    private static final Pattern IMF_FIXDATE = Pattern.compile(
            DAY + ", (\\d{1,2}) " + MONTH + " (\\d{4}) " + TIME + " GMT", Pattern.CASE_INSENSITIVE);
    private static final Pattern RFC_850 = Pattern.compile(
            LONG_DAY + ", (\\d{2})-" + MONTH + "-(\\d{2}) " + TIME + " GMT", Pattern.CASE_INSENSITIVE);
    private static final Pattern ASCTIME = Pattern.compile(
            DAY + " " + MONTH + " ( \\d|\\d{2}) " + TIME + " (\\d{4})", Pattern.CASE_INSENSITIVE);
    private static final List<String> MONTHS = List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
            "sep", "oct", "nov", "dec");

    private RetryAfter() {
    }

    /**
     * The delay {@code headerValue} asks for, as of {@code now} (read {@code now} from the policy's
     * clock: {@code Ticker.wallTime()}, which a test's manual clock moves).
     *
     * @param headerValue the header's value, or null when the answer had none
     * @param now the wall-clock time the answer is read at (needed for an HTTP-date)
     * @return the delay (zero for a date in the past), or empty for an absent or bad value
     */
    public static Optional<Duration> parse(String headerValue, Instant now) {
        Objects.requireNonNull(now, "now");
        if (headerValue == null) {
            return Optional.empty();
        }
        String value = headerValue.strip();
        if (SECONDS.matcher(value).matches()) {
            return Optional.of(seconds(value));
        }
        return date(value, now).map(at -> at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
    }

    /**
     * The delay of an answer with HTTP status {@code status}: {@link #parse} for a 429 (Too Many
     * Requests) or a 503 (Service Unavailable), empty for any other status (this class reads no
     * {@code Retry-After} of a redirect).
     */
    public static Optional<Duration> forStatus(int status, String headerValue, Instant now) {
        return status == 429 || status == 503 ? parse(headerValue, now) : Optional.empty();
    }

    /** Digits only: saturates at the longest Duration instead of failing. */
    private static Duration seconds(String digits) {
        String significant = digits.replaceFirst("^0+(?=\\d)", "");
        if (significant.length() > 18) { // more than a long holds safely: far beyond any cap
            return Duration.ofSeconds(Long.MAX_VALUE);
        }
        return Duration.ofSeconds(Long.parseLong(significant));
    }

    private static Optional<Instant> date(String value, Instant now) {
        try {
            Matcher m = IMF_FIXDATE.matcher(value);
            if (m.matches()) {
                return Optional.of(at(Integer.parseInt(m.group(3)), m.group(2), m.group(1), m, 4));
            }
            m = RFC_850.matcher(value);
            if (m.matches()) {
                int year = twoDigitYear(Integer.parseInt(m.group(3)), now);
                return Optional.of(at(year, m.group(2), m.group(1), m, 4));
            }
            m = ASCTIME.matcher(value);
            if (m.matches()) {
                return Optional.of(at(Integer.parseInt(m.group(6)), m.group(1), m.group(2).strip(), m, 3));
            }
        } catch (DateTimeException impossible) { // 31 Feb, 25:00: a bad value, not an error
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The instant of a date whose hour, minute and second are groups {@code time} to {@code time + 2}. */
    private static Instant at(int year, String month, String day, Matcher m, int time) {
        int monthNumber = MONTHS.indexOf(month.toLowerCase(Locale.ROOT)) + 1;
        return LocalDateTime.of(year, monthNumber, Integer.parseInt(day), Integer.parseInt(m.group(time)),
                Integer.parseInt(m.group(time + 1)), Integer.parseInt(m.group(time + 2))).toInstant(ZoneOffset.UTC);
    }

    /** RFC 9110: a two-digit year more than 50 years in the future is the most recent past year with those digits. */
    private static int twoDigitYear(int twoDigits, Instant now) {
        int current = LocalDateTime.ofInstant(now, ZoneOffset.UTC).getYear();
        int year = current - Math.floorMod(current, 100) + twoDigits;
        if (year > current + 50) {
            year -= 100;
        } else if (year <= current - 50) {
            year += 100;
        }
        return year;
    }
}
