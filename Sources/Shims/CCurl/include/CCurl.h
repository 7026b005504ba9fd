#ifndef TESSERA_CCURL_H
#define TESSERA_CCURL_H
// libcurl, opened on first use instead of linked. Linking it made the dynamic loader map and bind
// curl's TLS, Kerberos, LDAP and SSH libraries (about 25) before the window could appear; the app's
// first request is only made after its first frame. Swift calls these wrappers; curl's own
// functions are declared by <curl/curl.h> but never linked, so calling one directly fails to link.
// The option setters also give Swift typed versions of libcurl's variadic ones.
#include <curl/curl.h>

/// NULL once libcurl is loaded; otherwise why it could not be (kept for the process's life).
/// Loads it on the first call, like every wrapper below.
const char *tessera_curl_load_error(void);

CURLcode tessera_curl_global_init(long flags);
CURL *tessera_curl_easy_init(void);
void tessera_curl_easy_cleanup(CURL *handle);
const char *tessera_curl_easy_strerror(CURLcode code);

CURLcode tessera_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode tessera_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode tessera_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode tessera_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
typedef size_t (*tessera_curl_data_callback)(char *data, size_t size, size_t count, void *user);
CURLcode tessera_curl_easy_setopt_write(CURL *handle, tessera_curl_data_callback callback, void *user);
CURLcode tessera_curl_easy_setopt_header(CURL *handle, tessera_curl_data_callback callback, void *user);
CURLcode tessera_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode tessera_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);

CURLM *tessera_curl_multi_init(void);
CURLMcode tessera_curl_multi_cleanup(CURLM *multi);
CURLMcode tessera_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode tessera_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode tessera_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode tessera_curl_multi_perform(CURLM *multi, int *running);
CURLMcode tessera_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready);
CURLMcode tessera_curl_multi_wakeup(CURLM *multi);
CURLMsg *tessera_curl_multi_info_read(CURLM *multi, int *left);

struct curl_slist *tessera_curl_slist_append(struct curl_slist *list, const char *line);
void tessera_curl_slist_free_all(struct curl_slist *list);

#endif
