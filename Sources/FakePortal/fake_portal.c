// A screenshot portal of the tests' own: it takes the name org.freedesktop.portal.Desktop on
// the session bus (a private dbus-daemon the test starts) and answers Screenshot as
// xdg-desktop-portal does, or as a hostile one would:
//   fake-portal answer PICTURE LOG   a copy of PICTURE as the shot, in $HOME/Pictures/Screenshots
//                                    (a file:// URI; qrtui removes it)
//   fake-portal name PATH LOG        PATH itself as the shot, whatever it is
//   fake-portal impostor PICTURE LOG OTHER   another client on the bus answers first on the
//                                    request's object, naming OTHER; then the portal answers
//   fake-portal stray PICTURE LOG OTHER      the portal answers first on another request's
//                                    object, naming OTHER; then on the request's own
//   fake-portal refuse - LOG         response 1 (the user cancelled)
//   fake-portal fail - LOG           response 2
//   fake-portal silent - LOG         the request is made, and never answered
// LOG gets "ready" once the name is held, then a line per call ("screenshot interactive=1",
// "close").
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *mode, *picture, *log_path, *other;
static int shots;

static void note(const char *line) {
    FILE *log = fopen(log_path, "a");
    if (!log) return;
    fprintf(log, "%s\n", line);
    fclose(log);
}

/// The shot: PICTURE copied where GNOME's shell puts one ($HOME/Pictures/Screenshots), under a
/// name with a space (the URI escapes it).
static int copy_picture(char *path, size_t size) {
    char folder[1024];
    const char *home = getenv("HOME");
    snprintf(folder, sizeof folder, "%s/Pictures", home ? home : ".");
    mkdir(folder, 0700);
    snprintf(folder, sizeof folder, "%s/Pictures/Screenshots", home ? home : ".");
    mkdir(folder, 0700);
    snprintf(path, size, "%s/portal shot %d.png", folder, ++shots);
    FILE *in = fopen(picture, "rb"), *out = fopen(path, "wb");
    int ok = in && out;
    char chunk[65536];
    size_t count;
    while (ok && (count = fread(chunk, 1, sizeof chunk, in)) > 0) ok = fwrite(chunk, 1, count, out) == count;
    if (in) fclose(in);
    if (out) fclose(out);
    return ok;
}

static void uri_of(const char *path, char *uri, size_t size) {
    size_t at = (size_t)snprintf(uri, size, "file://");
    for (const unsigned char *c = (const unsigned char *)path; *c && at + 4 < size; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("/._-~", *c))
            uri[at++] = (char)*c;
        else
            at += (size_t)snprintf(uri + at, size - at, "%%%02X", *c);
    }
    uri[at] = 0;
}

/// The options' handle_token and interactive.
static void read_options(DBusMessage *call, const char **token, dbus_bool_t *interactive) {
    DBusMessageIter arguments, entries;
    if (!dbus_message_iter_init(call, &arguments)) return;
    dbus_message_iter_next(&arguments);  // parent_window
    if (dbus_message_iter_get_arg_type(&arguments) != DBUS_TYPE_ARRAY) return;
    dbus_message_iter_recurse(&arguments, &entries);
    while (dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY) {
        DBusMessageIter entry, variant;
        const char *key = NULL;
        dbus_message_iter_recurse(&entries, &entry);
        dbus_message_iter_get_basic(&entry, &key);
        dbus_message_iter_next(&entry);
        dbus_message_iter_recurse(&entry, &variant);
        int type = dbus_message_iter_get_arg_type(&variant);
        if (strcmp(key, "handle_token") == 0 && type == DBUS_TYPE_STRING) dbus_message_iter_get_basic(&variant, token);
        if (strcmp(key, "interactive") == 0 && type == DBUS_TYPE_BOOLEAN)
            dbus_message_iter_get_basic(&variant, interactive);
        dbus_message_iter_next(&entries);
    }
}

static void respond(DBusConnection *bus, const char *path, const char *to, dbus_uint32_t code, const char *uri) {
    DBusMessage *signal = dbus_message_new_signal(path, "org.freedesktop.portal.Request", "Response");
    dbus_message_set_destination(signal, to);
    DBusMessageIter arguments, results, entry, variant;
    dbus_message_iter_init_append(signal, &arguments);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_UINT32, &code);
    dbus_message_iter_open_container(&arguments, DBUS_TYPE_ARRAY, "{sv}", &results);
    if (uri) {
        const char *key = "uri";
        dbus_message_iter_open_container(&results, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
        dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &uri);
        dbus_message_iter_close_container(&entry, &variant);
        dbus_message_iter_close_container(&results, &entry);
    }
    dbus_message_iter_close_container(&arguments, &results);
    dbus_connection_send(bus, signal, NULL);
    dbus_message_unref(signal);
}

static void screenshot(DBusConnection *bus, DBusMessage *call) {
    const char *token = "t", *sender = dbus_message_get_sender(call);
    dbus_bool_t interactive = FALSE;
    read_options(call, &token, &interactive);
    char name[128], path[512], line[64];
    snprintf(name, sizeof name, "%s", sender[0] == ':' ? sender + 1 : sender);
    for (char *c = name; *c; c++)
        if (*c == '.') *c = '_';
    snprintf(path, sizeof path, "/org/freedesktop/portal/desktop/request/%s/%s", name, token);
    DBusMessage *reply = dbus_message_new_method_return(call);
    const char *handle = path;
    dbus_message_append_args(reply, DBUS_TYPE_OBJECT_PATH, &handle, DBUS_TYPE_INVALID);
    dbus_connection_send(bus, reply, NULL);
    dbus_message_unref(reply);
    snprintf(line, sizeof line, "screenshot interactive=%d", interactive ? 1 : 0);
    note(line);
    char shot[1024], uri[4096];
    if (strcmp(mode, "impostor") == 0 || strcmp(mode, "stray") == 0) {
        char wrong[600];
        uri_of(other, uri, sizeof uri);
        if (strcmp(mode, "impostor") == 0) {
            // Another client of the bus, with a unique name of its own.
            DBusConnection *impostor = dbus_bus_get_private(DBUS_BUS_SESSION, NULL);
            if (impostor) {
                respond(impostor, path, sender, 0, uri);
                dbus_connection_flush(impostor);
                dbus_connection_close(impostor);
                dbus_connection_unref(impostor);
            }
        } else {
            snprintf(wrong, sizeof wrong, "%sx", path);
            respond(bus, wrong, sender, 0, uri);
            dbus_connection_flush(bus);
        }
        usleep(200000);  // the true answer comes well after the false one
    }
    if (strcmp(mode, "name") == 0) {
        uri_of(picture, uri, sizeof uri);
        respond(bus, path, sender, 0, uri);
    } else if ((strcmp(mode, "answer") == 0 || strcmp(mode, "impostor") == 0 || strcmp(mode, "stray") == 0) &&
               copy_picture(shot, sizeof shot)) {
        uri_of(shot, uri, sizeof uri);
        respond(bus, path, sender, 0, uri);
    } else if (strcmp(mode, "refuse") == 0) {
        respond(bus, path, sender, 1, NULL);
    } else if (strcmp(mode, "fail") == 0) {
        respond(bus, path, sender, 2, NULL);
    }
    dbus_connection_flush(bus);
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: fake-portal answer|name|impostor|stray|refuse|fail|silent PICTURE|- LOG [OTHER]\n");
        return 2;
    }
    mode = argv[1];
    picture = argv[2];
    log_path = argv[3];
    other = argc == 5 ? argv[4] : "/";
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!bus || dbus_bus_request_name(bus, "org.freedesktop.portal.Desktop", DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) !=
                    DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "fake-portal: %s\n", error.message ? error.message : "the name is taken");
        return 1;
    }
    note("ready");
    while (dbus_connection_read_write(bus, -1)) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            if (dbus_message_is_method_call(message, "org.freedesktop.portal.Screenshot", "Screenshot")) {
                screenshot(bus, message);
            } else if (dbus_message_is_method_call(message, "org.freedesktop.portal.Request", "Close")) {
                note("close");
            }
            dbus_message_unref(message);
        }
    }
    return 0;
}
