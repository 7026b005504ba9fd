#ifndef TESSERA_CCURL_SHIM_H
#define TESSERA_CCURL_SHIM_H

// libcurl, opened on first use rather than linked. With its TLS, Kerberos, LDAP, SSH, IDN and
// HTTP/2 dependencies libcurl is some 28 shared libraries, which the dynamic loader would map
// and relocate before `main` on every launch (about 6 ms here) although the first request comes
// after the window is on screen. Swift calls the `tessera_curl_*` functions below; each goes
// through a table of libcurl's entry points filled once, by `tessera_curl_load`.
//
// libcurl's option setters are variadic, so the typed wrappers also stand in for them.
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef struct {
    int loaded;
    char failure[256];
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
} tessera_curl_api;

// The table lives in a function (Swift emits a header's inline functions with their static
// locals, but not a header's global variables).
static inline tessera_curl_api *tessera_curl_table(void) {
    static tessera_curl_api table;
    return &table;
}
#define tessera_curl (*tessera_curl_table())

static inline void tessera_curl_open(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(tessera_curl.failure, sizeof tessera_curl.failure, "%s", dlerror());
        return;
    }
#define TESSERA_CURL_SYMBOL(field, name)                                                            \
    *(void **)(&tessera_curl.field) = dlsym(library, name);                                        \
    if (!tessera_curl.field) {                                                                     \
        snprintf(tessera_curl.failure, sizeof tessera_curl.failure, "libcurl has no %s", name);  \
        return;                                                                                    \
    }
    TESSERA_CURL_SYMBOL(global_init, "curl_global_init")
    TESSERA_CURL_SYMBOL(easy_init, "curl_easy_init")
    TESSERA_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    TESSERA_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    TESSERA_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    TESSERA_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    TESSERA_CURL_SYMBOL(slist_append, "curl_slist_append")
    TESSERA_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
    TESSERA_CURL_SYMBOL(multi_init, "curl_multi_init")
    TESSERA_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup")
    TESSERA_CURL_SYMBOL(multi_setopt, "curl_multi_setopt")
    TESSERA_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle")
    TESSERA_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    TESSERA_CURL_SYMBOL(multi_perform, "curl_multi_perform")
    TESSERA_CURL_SYMBOL(multi_info_read, "curl_multi_info_read")
    TESSERA_CURL_SYMBOL(multi_poll, "curl_multi_poll")
    TESSERA_CURL_SYMBOL(multi_wakeup, "curl_multi_wakeup")
#undef TESSERA_CURL_SYMBOL
    if (tessera_curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(tessera_curl.failure, sizeof tessera_curl.failure, "curl_global_init failed");
        return;
    }
    tessera_curl.loaded = 1;
}

/// Opens libcurl and initialises it, once per process; safe from any thread. Returns NULL when
/// it is ready, else why it is not.
static inline const char *tessera_curl_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, tessera_curl_open);
    return tessera_curl.loaded ? NULL : tessera_curl.failure;
}

// The entry points; call only after tessera_curl_load() returned NULL.
static inline CURL *tessera_curl_easy_init(void) { return tessera_curl.easy_init(); }
static inline void tessera_curl_easy_cleanup(CURL *handle) { tessera_curl.easy_cleanup(handle); }
static inline const char *tessera_curl_easy_strerror(CURLcode code) { return tessera_curl.easy_strerror(code); }
static inline struct curl_slist *tessera_curl_slist_append(struct curl_slist *list, const char *text) {
    return tessera_curl.slist_append(list, text);
}
static inline void tessera_curl_slist_free_all(struct curl_slist *list) { tessera_curl.slist_free_all(list); }
static inline CURLM *tessera_curl_multi_init(void) { return tessera_curl.multi_init(); }
static inline CURLMcode tessera_curl_multi_cleanup(CURLM *multi) { return tessera_curl.multi_cleanup(multi); }
static inline CURLMcode tessera_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return tessera_curl.multi_add_handle(multi, handle);
}
static inline CURLMcode tessera_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return tessera_curl.multi_remove_handle(multi, handle);
}
static inline CURLMcode tessera_curl_multi_perform(CURLM *multi, int *running) {
    return tessera_curl.multi_perform(multi, running);
}
static inline CURLMsg *tessera_curl_multi_info_read(CURLM *multi, int *left) {
    return tessera_curl.multi_info_read(multi, left);
}
static inline CURLMcode tessera_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count,
                                                int timeout, int *ready) {
    return tessera_curl.multi_poll(multi, extra, count, timeout, ready);
}
static inline CURLMcode tessera_curl_multi_wakeup(CURLM *multi) { return tessera_curl.multi_wakeup(multi); }

static inline CURLcode tessera_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return tessera_curl.easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return tessera_curl.easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return tessera_curl.easy_setopt(handle, option, value);
}
static inline CURLcode tessera_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return tessera_curl.easy_setopt(handle, option, value);
}
typedef size_t (*tessera_curl_data_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode tessera_curl_easy_setopt_write(CURL *handle, tessera_curl_data_callback callback, void *user) {
    tessera_curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return tessera_curl.easy_setopt(handle, CURLOPT_WRITEDATA, user);
}
static inline CURLcode tessera_curl_easy_setopt_header(CURL *handle, tessera_curl_data_callback callback, void *user) {
    tessera_curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return tessera_curl.easy_setopt(handle, CURLOPT_HEADERDATA, user);
}
static inline CURLcode tessera_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return tessera_curl.easy_getinfo(handle, info, value);
}
static inline CURLcode tessera_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return tessera_curl.easy_getinfo(handle, info, value);
}
static inline CURLcode tessera_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return tessera_curl.easy_getinfo(handle, info, value);
}
static inline CURLMcode tessera_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return tessera_curl.multi_setopt(multi, option, value);
}

#endif
