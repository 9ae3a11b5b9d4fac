/* Typed wrappers over libcurl's variadic calls, which Swift cannot call. */
#ifndef WELLNESS_CCURL_SHIM_H
#define WELLNESS_CCURL_SHIM_H
#include <curl/curl.h>

typedef size_t (*wellness_curl_data_fn)(char *, size_t, size_t, void *);
typedef int (*wellness_curl_progress_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode wellness_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wellness_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wellness_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wellness_curl_set_data_function(CURL *handle, CURLoption option, wellness_curl_data_fn function) {
    return curl_easy_setopt(handle, option, function);
}
static inline CURLcode wellness_curl_set_progress_function(CURL *handle, wellness_curl_progress_fn function) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
static inline CURLcode wellness_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode wellness_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
