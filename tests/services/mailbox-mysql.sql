-- TEST FIXTURE ONLY. msgexchange never creates, alters or drops the mailbox tables: they belong to
-- the upstream (AODB) side of the shared MySQL database. This file recreates CMINMSGS and COUTMSGS
-- as docs/spec/mailbox.md §1.1 and §2.1 describe them (InnoDB, default character set utf8mb4,
-- column names, types, NULL and defaults as documented, no index besides the primary key), so that
-- tests can play the upstream side. tests/services/msgx-services loads it into the `mailbox`
-- database of its private MariaDB.
--
-- Table names are case-sensitive on this server (lower_case_table_names=0, the Linux default):
-- the product must use the names exactly as written here.

CREATE TABLE CMINMSGS (
  CMINMSGS_ID                  BIGINT(20)  NOT NULL AUTO_INCREMENT,
  CMINMSGS_CLOB_MSG            MEDIUMTEXT  NOT NULL,
  CMINMSGS_DATE_RECEIVED       DATETIME    NULL,
  CMINMSGS_DATE_PROCESSED      DATETIME    NULL,
  CMINMSGS_SUBSYSTEM_NAME      VARCHAR(4)  NULL,
  CMINMSGS_SUBSYSTEM_SEQUENCE  MEDIUMINT   NULL,
  CMINMSGS_SUBSYSTEM_DATE_SENT DATETIME    NULL,
  CMINMSGS_SUBSYSTEM_SUBTYPE   VARCHAR(4)  NULL,
  CMINMSGS_SUBSYSTEM_TYPE      VARCHAR(4)  NULL,
  CMINMSGS_STATUS              VARCHAR(20) NULL,
  PRIMARY KEY (CMINMSGS_ID)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE COUTMSGS (
  COUTMSGS_ID                BIGINT(20)  NOT NULL AUTO_INCREMENT,
  COUTMSGS_CLOB_MSG          MEDIUMTEXT  NULL,
  COUTMSGS_DATE_INSERTED     DATETIME    NOT NULL,
  COUTMSGS_DATE_SENT         DATETIME    NULL,
  ROUTINGID                  VARCHAR(23) NOT NULL,
  COUTMSGS_TRUEFALS_GROUP    TINYINT     NOT NULL DEFAULT 0,
  COUTMSGS_NO_MESSAGES       TINYINT     NULL,
  COUTMSGS_GROUP_ORDER       TINYINT     NULL,
  COUTMSGS_GROUP_ID          SMALLINT    NULL,
  COUTMSGS_FINAL_GROUP_IND   TINYINT     NOT NULL DEFAULT 0,
  COUTMSGS_ACK_REQD          TINYINT     NOT NULL DEFAULT 0,
  COUTMSGS_ACK_RESEND_TIMES  TINYINT     NOT NULL DEFAULT 0,
  COUTMSGS_ACK_DATE_RECV     DATETIME    NULL,
  COUTMSGS_ENCRYPT           TINYINT     NOT NULL DEFAULT 0,
  COUTMSGS_ERROR             TINYINT     NOT NULL DEFAULT 0,
  PRIMARY KEY (COUTMSGS_ID)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
