#include "msgx/delivery/Dispatcher.h"
