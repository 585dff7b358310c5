#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

/// How a screenshot asked of the desktop's portal ended.
enum {
    QRTUI_PORTAL_PICTURE = 0,  // `uri` names the picture
    QRTUI_PORTAL_REFUSED = 1,  // the user or the desktop said no
    QRTUI_PORTAL_FAILED = 2,   // the portal failed (`message` says how)
    QRTUI_PORTAL_ABSENT = 3,   // no session bus, or no portal on it: other ways may serve
    QRTUI_PORTAL_NO_ANSWER = 4 // nothing came back before the deadline
};

static inline double qrtui_portal_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// One `{sv}` entry of an options dictionary: a string or a boolean.
static inline void qrtui_portal_option(DBusMessageIter *dictionary, const char *key, int type, const void *value) {
    DBusMessageIter entry, variant;
    const char signature[2] = {(char)type, 0};
    dbus_message_iter_open_container(dictionary, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
    dbus_message_iter_append_basic(&variant, type, value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(dictionary, &entry);
}

/// The `uri` string of a Response's results (`a{sv}`), copied into `uri`; 0 if there is none.
static inline int qrtui_portal_uri(DBusMessageIter *results, char *uri, size_t size) {
    if (dbus_message_iter_get_arg_type(results) != DBUS_TYPE_ARRAY) return 0;
    DBusMessageIter entries;
    dbus_message_iter_recurse(results, &entries);
    while (dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY) {
        DBusMessageIter entry, variant;
        const char *key = NULL;
        dbus_message_iter_recurse(&entries, &entry);
        if (dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING) {
            dbus_message_iter_get_basic(&entry, &key);
            dbus_message_iter_next(&entry);
            if (key && strcmp(key, "uri") == 0 && dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_VARIANT) {
                dbus_message_iter_recurse(&entry, &variant);
                if (dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_STRING) {
                    const char *value = NULL;
                    dbus_message_iter_get_basic(&variant, &value);
                    snprintf(uri, size, "%s", value ? value : "");
                    return value && *value;
                }
            }
        }
        dbus_message_iter_next(&entries);
    }
    return 0;
}

/// The request's object path the portal will answer on: /org/freedesktop/portal/desktop/
/// request/SENDER/TOKEN, SENDER being the bus's name for us without ':' and '.' made '_'.
static inline void qrtui_portal_request_path(DBusConnection *bus, const char *token, char *path, size_t size) {
    const char *unique = dbus_bus_get_unique_name(bus);
    char sender[128];
    snprintf(sender, sizeof sender, "%s", unique && unique[0] == ':' ? unique + 1 : (unique ? unique : ""));
    for (char *c = sender; *c; c++)
        if (*c == '.') *c = '_';
    snprintf(path, size, "/org/freedesktop/portal/desktop/request/%s/%s", sender, token);
}

static inline void qrtui_portal_watch(DBusConnection *bus, const char *owner, const char *path, int add) {
    char rule[640];
    snprintf(rule, sizeof rule,
             "type='signal',sender='%s',interface='org.freedesktop.portal.Request',member='Response',path='%s'",
             owner, path);
    if (add) dbus_bus_add_match(bus, rule, NULL); else dbus_bus_remove_match(bus, rule, NULL);
}

/// `a` and `b` are both set and the same.
static inline int qrtui_portal_same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/// The unique name (":1.42") of the connection that holds `name`, in `owner`; 0 if none does.
static inline int qrtui_portal_owner(DBusConnection *bus, const char *name, int milliseconds, char *owner,
                                     size_t size) {
    DBusMessage *call = dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                     "org.freedesktop.DBus", "GetNameOwner");
    if (!call) return 0;
    dbus_message_append_args(call, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, milliseconds, &error);
    dbus_message_unref(call);
    const char *unique = NULL;
    int found = reply && dbus_message_get_args(reply, &error, DBUS_TYPE_STRING, &unique, DBUS_TYPE_INVALID) &&
                unique && unique[0] == ':' && strlen(unique) < size;
    if (found) snprintf(owner, size, "%s", unique);
    if (reply) dbus_message_unref(reply);
    dbus_error_free(&error);
    return found;
}

/// Waits until `deadline` (monotonic seconds) for the Response that `owner` (the portal's unique
/// name) sends on `path` (the request's object): a Response from any other sender, or on any
/// other object, is some other program's and is ignored.
static inline int qrtui_portal_response(DBusConnection *bus, const char *owner, const char *path, double deadline,
                                        char *uri, size_t uri_size, char *message, size_t message_size) {
    // What came with the call's reply is queued already: it is looked at before waiting for more.
    while (1) {
        DBusMessage *signal;
        while ((signal = dbus_connection_pop_message(bus))) {
            int answer = dbus_message_is_signal(signal, "org.freedesktop.portal.Request", "Response") &&
                         qrtui_portal_same(dbus_message_get_path(signal), path) &&
                         qrtui_portal_same(dbus_message_get_sender(signal), owner);
            DBusMessageIter arguments;
            dbus_uint32_t response = 2;
            if (answer && dbus_message_iter_init(signal, &arguments) &&
                dbus_message_iter_get_arg_type(&arguments) == DBUS_TYPE_UINT32) {
                dbus_message_iter_get_basic(&arguments, &response);
                dbus_message_iter_next(&arguments);
            }
            int found = answer && response == 0 && qrtui_portal_uri(&arguments, uri, uri_size);
            dbus_message_unref(signal);
            if (!answer) continue;
            if (found) return QRTUI_PORTAL_PICTURE;
            if (response == 1) {
                snprintf(message, message_size, "the desktop refused the screenshot (cancelled)");
                return QRTUI_PORTAL_REFUSED;
            }
            snprintf(message, message_size, "the desktop's screenshot failed (response %u)", (unsigned)response);
            return QRTUI_PORTAL_FAILED;
        }
        double left = deadline - qrtui_portal_now();
        if (left <= 0) break;
        if (!dbus_connection_read_write(bus, (int)(left * 1000) + 1)) {
            snprintf(message, message_size, "the session bus went away");
            return QRTUI_PORTAL_FAILED;
        }
    }
    snprintf(message, message_size, "no answer came from the desktop's screenshot portal in time");
    return QRTUI_PORTAL_NO_ANSWER;
}

/// A screenshot through org.freedesktop.portal.Screenshot on the session bus (`interactive`:
/// the desktop lets the user choose what to take): the picture's URI in `uri` (the portal
/// wrote that file for this request only), or why not in `message`. Waits `seconds` at most
/// for the answer; a request still open then is closed.
static inline int qrtui_portal_screenshot(int interactive, double seconds, char *uri, size_t uri_size,
                                          char *message, size_t message_size) {
    double deadline = qrtui_portal_now() + seconds;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) {
        snprintf(message, message_size, "no session bus: %s", error.message ? error.message : "?");
        dbus_error_free(&error);
        return QRTUI_PORTAL_ABSENT;
    }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    int result = QRTUI_PORTAL_ABSENT;
    // Running, or started if the bus knows how (a portal starts on demand); else absent.
    if (!dbus_bus_name_has_owner(bus, "org.freedesktop.portal.Desktop", NULL) &&
        !dbus_bus_start_service_by_name(bus, "org.freedesktop.portal.Desktop", 0, NULL, &error)) {
        snprintf(message, message_size, "no screenshot portal: %s", error.message ? error.message : "?");
        dbus_error_free(&error);
        goto done;
    }
    // Only the connection that holds the portal's name may answer: its unique name is asked of
    // the bus (which no client can forge), and every answer's sender is checked against it.
    char owner[256];
    if (!qrtui_portal_owner(bus, "org.freedesktop.portal.Desktop", 2000, owner, sizeof owner)) {
        snprintf(message, message_size, "no screenshot portal: its name has no owner on the session bus");
        goto done;
    }
    // A token nobody can guess names the request's object.
    unsigned char random[8] = {0};
    if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random) {
        double now = qrtui_portal_now();
        memcpy(random, &now, sizeof random);
    }
    char token[64], path[256];
    snprintf(token, sizeof token, "qrtui_%d_%02x%02x%02x%02x%02x%02x%02x%02x", (int)getpid(), random[0], random[1],
             random[2], random[3], random[4], random[5], random[6], random[7]);
    qrtui_portal_request_path(bus, token, path, sizeof path);
    qrtui_portal_watch(bus, owner, path, 1);  // before asking: the answer may come at once
    DBusMessage *call = dbus_message_new_method_call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                                     "org.freedesktop.portal.Screenshot", "Screenshot");
    DBusMessageIter arguments, options;
    const char *parent = "", *token_value = token;
    dbus_bool_t interactive_value = interactive ? TRUE : FALSE, modal = TRUE;
    dbus_message_iter_init_append(call, &arguments);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &parent);
    dbus_message_iter_open_container(&arguments, DBUS_TYPE_ARRAY, "{sv}", &options);
    qrtui_portal_option(&options, "handle_token", DBUS_TYPE_STRING, &token_value);
    qrtui_portal_option(&options, "interactive", DBUS_TYPE_BOOLEAN, &interactive_value);
    qrtui_portal_option(&options, "modal", DBUS_TYPE_BOOLEAN, &modal);
    dbus_message_iter_close_container(&arguments, &options);
    int wait = (int)((deadline - qrtui_portal_now()) * 1000);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, wait > 1 ? wait : 1, &error);
    dbus_message_unref(call);
    if (!reply) {
        int late = error.name && strcmp(error.name, DBUS_ERROR_NO_REPLY) == 0;
        snprintf(message, message_size, "%s", late ? "no answer came from the desktop's screenshot portal in time"
                                                   : (error.message ? error.message : "the portal failed"));
        result = late ? QRTUI_PORTAL_NO_ANSWER
                 : error.name && strcmp(error.name, DBUS_ERROR_SERVICE_UNKNOWN) == 0 ? QRTUI_PORTAL_ABSENT
                                                                                   : QRTUI_PORTAL_FAILED;
        dbus_error_free(&error);
        goto done;
    }
    if (!qrtui_portal_same(dbus_message_get_sender(reply), owner)) {
        dbus_message_unref(reply);
        snprintf(message, message_size, "the screenshot portal's reply came from another program on the bus");
        result = QRTUI_PORTAL_FAILED;
        goto done;
    }
    const char *handle = NULL;
    DBusMessageIter answer;
    if (dbus_message_iter_init(reply, &answer) && dbus_message_iter_get_arg_type(&answer) == DBUS_TYPE_OBJECT_PATH)
        dbus_message_iter_get_basic(&answer, &handle);
    if (handle && strcmp(handle, path) != 0 && strlen(handle) < sizeof path) {  // an older portal names its own
        qrtui_portal_watch(bus, owner, path, 0);
        snprintf(path, sizeof path, "%s", handle);
        qrtui_portal_watch(bus, owner, path, 1);
    }
    dbus_message_unref(reply);
    result = qrtui_portal_response(bus, owner, path, deadline, uri, uri_size, message, message_size);
    if (result == QRTUI_PORTAL_NO_ANSWER) {  // the dialog goes away with the request
        DBusMessage *close = dbus_message_new_method_call("org.freedesktop.portal.Desktop", path,
                                                          "org.freedesktop.portal.Request", "Close");
        dbus_connection_send(bus, close, NULL);
        dbus_connection_flush(bus);
        dbus_message_unref(close);
    }
done:
    dbus_connection_close(bus);
    dbus_connection_unref(bus);
    return result;
}
