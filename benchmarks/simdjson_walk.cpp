// The yardstick of bench_series.py's JSON figure: simdjson's on-demand parser
// walking every timestamp and value of the same samples document,
// [{"timestamp": <int>, "value": <number>}, ...].
//
// Usage: simdjson_walk FILE REPEATS
// Prints one line: "<median ms> <best ms> <samples> <checksum>". The file is
// read and padded once, before timing (simdjson needs SIMDJSON_PADDING bytes
// after the input); each timed run is the parse and the walk only.
// Built by `make bench` against Debian's libsimdjson-dev: a benchmark tool,
// not a dependency of libwellness.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s FILE REPEATS\n", argv[0]);
        return 2;
    }
    simdjson::padded_string json;
    if (simdjson::padded_string::load(argv[1]).get(json)) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    int repeats = std::atoi(argv[2]);
    if (repeats < 1) repeats = 1;
    simdjson::ondemand::parser parser;
    std::vector<double> times;
    size_t samples = 0;
    double checksum = 0;
    for (int run = 0; run < repeats; run++) {
        auto started = std::chrono::steady_clock::now();
        size_t count = 0;
        int64_t stamps = 0;
        double values = 0;
        simdjson::ondemand::document document;
        if (parser.iterate(json).get(document)) return 1;
        simdjson::ondemand::array array;
        if (document.get_array().get(array)) return 1;
        for (auto element : array) {
            simdjson::ondemand::object object;
            if (element.get_object().get(object)) return 1;
            int64_t timestamp;
            double value;
            if (object["timestamp"].get_int64().get(timestamp)) return 1;
            if (object["value"].get_double().get(value)) return 1;
            stamps += timestamp;
            values += value;
            count++;
        }
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
        samples = count;
        checksum = values + static_cast<double>(stamps % 1000);
    }
    std::vector<double> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    std::printf("%.3f %.3f %zu %.6g\n", sorted[sorted.size() / 2], sorted[0], samples, checksum);
    return 0;
}
