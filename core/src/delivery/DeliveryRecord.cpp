#include "msgx/delivery/DeliveryRecord.h"
