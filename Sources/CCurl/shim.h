#ifndef TESSERA_CCURL_SHIM_H
#define TESSERA_CCURL_SHIM_H

// libcurl's option setters are variadic; Swift calls these typed wrappers instead.
#include <curl/curl.h>

static inline CURLcode tessera_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*tessera_curl_data_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode tessera_curl_easy_setopt_write(CURL *handle, tessera_curl_data_callback callback, void *user) {
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return curl_easy_setopt(handle, CURLOPT_WRITEDATA, user);
}
static inline CURLcode tessera_curl_easy_setopt_header(CURL *handle, tessera_curl_data_callback callback, void *user) {
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return curl_easy_setopt(handle, CURLOPT_HEADERDATA, user);
}
static inline CURLcode tessera_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode tessera_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode tessera_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode tessera_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
