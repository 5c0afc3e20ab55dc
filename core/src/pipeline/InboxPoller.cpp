#include "msgx/pipeline/InboxPoller.h"
