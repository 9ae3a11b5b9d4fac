/* Daily buckets in America/New_York across the spring-forward change of
   2024-03-10: the local days depend on the time-zone database. */
#include <stdio.h>
#include <string.h>
#include <wellness.h>

int main(void) {
    const char *options = "{\"interval\":\"day\",\"time_zone\":\"America/New_York\"}";
    const char *samples = "[{\"timestamp\":\"2024-03-10T04:59:59Z\",\"value\":1},"
                          "{\"timestamp\":\"2024-03-10T05:00:00Z\",\"value\":2},"
                          "{\"timestamp\":\"2024-03-11T03:59:59Z\",\"value\":3},"
                          "{\"timestamp\":\"2024-03-11T04:00:00Z\",\"value\":4}]";
    wellness_buf out = {0}, err = {0};
    if (wellness_series_aggregate(options, strlen(options), samples, strlen(samples), &out, &err) != WELLNESS_OK) {
        fprintf(stderr, "%s\n", err.ptr);
        wellness_buf_free(&err);
        return 1;
    }
    printf("libwellness %s\n%s\n", wellness_version(), out.ptr);
    wellness_buf_free(&out);
    return 0;
}
