// A shared object that is not a handler plugin: it has no entry symbol.
extern "C" __attribute__((visibility("default"))) int msgx_not_a_plugin() {
    return 42;
}
