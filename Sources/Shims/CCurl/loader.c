// Opens libcurl on first use and forwards the wrappers declared in CCurl.h to it.
#define CURL_DISABLE_TYPECHECK
#include "CCurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define TESSERA_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_strerror) \
    X(curl_easy_setopt) X(curl_easy_getinfo) X(curl_multi_init) X(curl_multi_cleanup) \
    X(curl_multi_setopt) X(curl_multi_add_handle) X(curl_multi_remove_handle) \
    X(curl_multi_perform) X(curl_multi_poll) X(curl_multi_wakeup) X(curl_multi_info_read) \
    X(curl_slist_append) X(curl_slist_free_all)

static struct {
#define TESSERA_FIELD(name) __typeof__(&name) name;
    TESSERA_CURL_FUNCTIONS(TESSERA_FIELD)
#undef TESSERA_FIELD
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error_text[512];
static const char *load_error = "libcurl is not loaded";

static void load(void) {
    // The soname of libcurl 7 and 8 (Debian's libcurl4 package).
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        snprintf(error_text, sizeof error_text, "libcurl could not be loaded (%s)", dlerror());
        load_error = error_text;
        return;
    }
#define TESSERA_RESOLVE(name) \
    curl.name = (__typeof__(curl.name))dlsym(library, #name); \
    if (!curl.name) { \
        snprintf(error_text, sizeof error_text, "libcurl.so.4 has no %s", #name); \
        load_error = error_text; \
        return; \
    }
    TESSERA_CURL_FUNCTIONS(TESSERA_RESOLVE)
#undef TESSERA_RESOLVE
    load_error = NULL;
}

static int loaded(void) {
    pthread_once(&once, load);
    return load_error == NULL;
}

const char *tessera_curl_load_error(void) {
    return loaded() ? NULL : load_error;
}

CURLcode tessera_curl_global_init(long flags) {
    return loaded() ? curl.curl_global_init(flags) : CURLE_FAILED_INIT;
}
CURL *tessera_curl_easy_init(void) {
    return loaded() ? curl.curl_easy_init() : NULL;
}
void tessera_curl_easy_cleanup(CURL *handle) {
    if (loaded()) curl.curl_easy_cleanup(handle);
}
const char *tessera_curl_easy_strerror(CURLcode code) {
    return loaded() ? curl.curl_easy_strerror(code) : load_error;
}

CURLcode tessera_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return loaded() ? curl.curl_easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode tessera_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return loaded() ? curl.curl_easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode tessera_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return loaded() ? curl.curl_easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode tessera_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return loaded() ? curl.curl_easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode tessera_curl_easy_setopt_write(CURL *handle, tessera_curl_data_callback callback, void *user) {
    if (!loaded()) return CURLE_FAILED_INIT;
    curl.curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return curl.curl_easy_setopt(handle, CURLOPT_WRITEDATA, user);
}
CURLcode tessera_curl_easy_setopt_header(CURL *handle, tessera_curl_data_callback callback, void *user) {
    if (!loaded()) return CURLE_FAILED_INIT;
    curl.curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return curl.curl_easy_setopt(handle, CURLOPT_HEADERDATA, user);
}
CURLcode tessera_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return loaded() ? curl.curl_easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}
CURLcode tessera_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return loaded() ? curl.curl_easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLM *tessera_curl_multi_init(void) {
    return loaded() ? curl.curl_multi_init() : NULL;
}
CURLMcode tessera_curl_multi_cleanup(CURLM *multi) {
    return loaded() ? curl.curl_multi_cleanup(multi) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return loaded() ? curl.curl_multi_setopt(multi, option, value) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return loaded() ? curl.curl_multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return loaded() ? curl.curl_multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_perform(CURLM *multi, int *running) {
    return loaded() ? curl.curl_multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready) {
    return loaded() ? curl.curl_multi_poll(multi, extra, count, timeout_ms, ready) : CURLM_INTERNAL_ERROR;
}
CURLMcode tessera_curl_multi_wakeup(CURLM *multi) {
    return loaded() ? curl.curl_multi_wakeup(multi) : CURLM_INTERNAL_ERROR;
}
CURLMsg *tessera_curl_multi_info_read(CURLM *multi, int *left) {
    return loaded() ? curl.curl_multi_info_read(multi, left) : NULL;
}

struct curl_slist *tessera_curl_slist_append(struct curl_slist *list, const char *line) {
    return loaded() ? curl.curl_slist_append(list, line) : NULL;
}
void tessera_curl_slist_free_all(struct curl_slist *list) {
    if (loaded()) curl.curl_slist_free_all(list);
}
